// libcurl for ViewModelKit's HTTP client. curl_easy_setopt and curl_easy_getinfo are variadic,
// which Swift cannot call, so each argument type gets a typed inline wrapper here.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H
#include <curl/curl.h>

static inline CURLcode ccurl_set_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_set_size(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_set_pointer(CURL *handle, CURLoption option, const void *value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_set_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}
static inline CURLcode ccurl_set_list(CURL *handle, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
static inline CURLcode ccurl_set_data_callback(
    CURL *handle, CURLoption option, ccurl_data_callback callback) {
  return curl_easy_setopt(handle, option, callback);
}
static inline long ccurl_response_code(CURL *handle) {
  long code = 0;
  if (curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &code) != CURLE_OK) return 0;
  return code;
}
/* Where a 3xx answer points, resolved against the request's URL; NULL when it points nowhere.
   The text belongs to the handle. */
static inline const char *ccurl_redirect_url(CURL *handle) {
  char *url = NULL;
  if (curl_easy_getinfo(handle, CURLINFO_REDIRECT_URL, &url) != CURLE_OK) return NULL;
  return url;
}
/* The system's errno for the last failure (ECONNREFUSED, ENETUNREACH…), 0 when unknown. */
static inline long ccurl_os_errno(CURL *handle) {
  long code = 0;
  if (curl_easy_getinfo(handle, CURLINFO_OS_ERRNO, &code) != CURLE_OK) return 0;
  return code;
}
#endif
