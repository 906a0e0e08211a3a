// libcurl's functions, loading libcurl on the first call instead of at start. The functions
// themselves are declared by <curl/curl.h>; this module has nothing else to declare.
#ifndef CURL_ON_DEMAND_H
#define CURL_ON_DEMAND_H
#endif
