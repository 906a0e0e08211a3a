// libcurl, loaded the first time one of its functions is called rather than when the program
// starts.
//
// Linking libcurl brings in about 30 shared libraries (TLS, Kerberos, LDAP, SSH...), and
// loading them costs about 4 ms at every start: a fifth of a `cli todo add`, which never
// touches the network. Each libcurl function the program calls (ours in CurlTransfer, and the
// ones the toolchain's FoundationNetworking refers to) is defined here. The first call opens
// libcurl.so.4 with dlopen; each function then calls libcurl's own, found with dlsym. When
// libcurl cannot be loaded, the calls fail as libcurl reports a failed set-up (NULL handles,
// CURLE_FAILED_INIT), which the HTTP client reports as a transport error.
#define CURL_DISABLE_TYPECHECK 1
#include "CurlOnDemand.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>

static void *library;
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void open_library(void) {
  library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
}

static void *resolve(const char *name) {
  pthread_once(&once, open_library);
  return library ? dlsym(library, name) : NULL;
}

// `name##_function()`: libcurl's `name`, returning `result` and taking `parameters`, looked
// up once; NULL when libcurl cannot be loaded.
#define FUNCTION(result, name, parameters)                                                     \
  typedef result(*name##_type) parameters;                                                     \
  static name##_type name##_real;                                                              \
  static pthread_once_t name##_once = PTHREAD_ONCE_INIT;                                       \
  static void name##_look_up(void) { name##_real = (name##_type)resolve(#name); }              \
  static name##_type name##_function(void) {                                                          \
    pthread_once(&name##_once, name##_look_up);                                                \
    return name##_real;                                                                        \
  }

FUNCTION(CURLcode, curl_global_init, (long))
CURLcode curl_global_init(long flags) {
  return curl_global_init_function() ? curl_global_init_function()(flags) : CURLE_FAILED_INIT;
}

FUNCTION(CURL *, curl_easy_init, (void))
CURL *curl_easy_init(void) {
  return curl_easy_init_function() ? curl_easy_init_function()() : NULL;
}

FUNCTION(void, curl_easy_cleanup, (CURL *))
void curl_easy_cleanup(CURL *handle) {
  if (curl_easy_cleanup_function()) curl_easy_cleanup_function()(handle);
}

FUNCTION(CURLcode, curl_easy_pause, (CURL *, int))
CURLcode curl_easy_pause(CURL *handle, int bitmask) {
  return curl_easy_pause_function() ? curl_easy_pause_function()(handle, bitmask)
                                    : CURLE_FAILED_INIT;
}

FUNCTION(const char *, curl_easy_strerror, (CURLcode))
const char *curl_easy_strerror(CURLcode code) {
  return curl_easy_strerror_function() ? curl_easy_strerror_function()(code)
                                       : "libcurl could not be loaded";
}

FUNCTION(void, curl_free, (void *))
void curl_free(void *pointer) {
  if (curl_free_function()) curl_free_function()(pointer);
}

// The variadic setters take one argument, whose type the option's number range names:
// `result = real(handle, option, <that argument>)`.
#define PASS_OPTION_ARGUMENT(result, real, handle, option)                                     \
  do {                                                                                         \
    va_list arguments;                                                                         \
    va_start(arguments, option);                                                               \
    if (option < CURLOPTTYPE_OBJECTPOINT) {                                                    \
      result = real(handle, option, va_arg(arguments, long));                                  \
    } else if (option >= CURLOPTTYPE_OFF_T && option < CURLOPTTYPE_BLOB) {                     \
      result = real(handle, option, va_arg(arguments, curl_off_t));                            \
    } else {                                                                                   \
      result = real(handle, option, va_arg(arguments, void *));                                \
    }                                                                                          \
    va_end(arguments);                                                                         \
  } while (0)

FUNCTION(CURLcode, curl_easy_setopt, (CURL *, CURLoption, ...))
CURLcode curl_easy_setopt(CURL *handle, CURLoption option, ...) {
  curl_easy_setopt_type real = curl_easy_setopt_function();
  if (!real) return CURLE_FAILED_INIT;
  CURLcode result;
  PASS_OPTION_ARGUMENT(result, real, handle, option);
  return result;
}

// Every CURLINFO takes a pointer to where the answer goes.
FUNCTION(CURLcode, curl_easy_getinfo, (CURL *, CURLINFO, ...))
CURLcode curl_easy_getinfo(CURL *handle, CURLINFO info, ...) {
  curl_easy_getinfo_type real = curl_easy_getinfo_function();
  if (!real) return CURLE_FAILED_INIT;
  va_list arguments;
  va_start(arguments, info);
  CURLcode result = real(handle, info, va_arg(arguments, void *));
  va_end(arguments);
  return result;
}

FUNCTION(CURLMcode, curl_multi_setopt, (CURLM *, CURLMoption, ...))
CURLMcode curl_multi_setopt(CURLM *multi, CURLMoption option, ...) {
  curl_multi_setopt_type real = curl_multi_setopt_function();
  if (!real) return CURLM_INTERNAL_ERROR;
  CURLMcode result;
  PASS_OPTION_ARGUMENT(result, real, multi, option);
  return result;
}

FUNCTION(CURLM *, curl_multi_init, (void))
CURLM *curl_multi_init(void) {
  return curl_multi_init_function() ? curl_multi_init_function()() : NULL;
}

FUNCTION(CURLMcode, curl_multi_add_handle, (CURLM *, CURL *))
CURLMcode curl_multi_add_handle(CURLM *multi, CURL *handle) {
  return curl_multi_add_handle_function() ? curl_multi_add_handle_function()(multi, handle)
                                          : CURLM_INTERNAL_ERROR;
}

FUNCTION(CURLMcode, curl_multi_remove_handle, (CURLM *, CURL *))
CURLMcode curl_multi_remove_handle(CURLM *multi, CURL *handle) {
  return curl_multi_remove_handle_function()
             ? curl_multi_remove_handle_function()(multi, handle)
             : CURLM_INTERNAL_ERROR;
}

FUNCTION(CURLMcode, curl_multi_assign, (CURLM *, curl_socket_t, void *))
CURLMcode curl_multi_assign(CURLM *multi, curl_socket_t socket, void *context) {
  return curl_multi_assign_function() ? curl_multi_assign_function()(multi, socket, context)
                                      : CURLM_INTERNAL_ERROR;
}

FUNCTION(CURLMcode, curl_multi_cleanup, (CURLM *))
CURLMcode curl_multi_cleanup(CURLM *multi) {
  return curl_multi_cleanup_function() ? curl_multi_cleanup_function()(multi)
                                       : CURLM_INTERNAL_ERROR;
}

FUNCTION(CURLMsg *, curl_multi_info_read, (CURLM *, int *))
CURLMsg *curl_multi_info_read(CURLM *multi, int *queued) {
  if (curl_multi_info_read_function()) return curl_multi_info_read_function()(multi, queued);
  if (queued) *queued = 0;
  return NULL;
}

FUNCTION(CURLMcode, curl_multi_perform, (CURLM *, int *))
CURLMcode curl_multi_perform(CURLM *multi, int *running) {
  return curl_multi_perform_function() ? curl_multi_perform_function()(multi, running)
                                       : CURLM_INTERNAL_ERROR;
}

FUNCTION(CURLMcode, curl_multi_poll, (CURLM *, struct curl_waitfd[], unsigned int, int, int *))
CURLMcode curl_multi_poll(
    CURLM *multi, struct curl_waitfd extra[], unsigned int count, int timeout, int *ready) {
  return curl_multi_poll_function()
             ? curl_multi_poll_function()(multi, extra, count, timeout, ready)
             : CURLM_INTERNAL_ERROR;
}

FUNCTION(CURLMcode, curl_multi_socket_action, (CURLM *, curl_socket_t, int, int *))
CURLMcode curl_multi_socket_action(CURLM *multi, curl_socket_t socket, int events, int *running) {
  return curl_multi_socket_action_function()
             ? curl_multi_socket_action_function()(multi, socket, events, running)
             : CURLM_INTERNAL_ERROR;
}

FUNCTION(CURLMcode, curl_multi_wakeup, (CURLM *))
CURLMcode curl_multi_wakeup(CURLM *multi) {
  return curl_multi_wakeup_function() ? curl_multi_wakeup_function()(multi)
                                      : CURLM_INTERNAL_ERROR;
}

FUNCTION(struct curl_slist *, curl_slist_append, (struct curl_slist *, const char *))
struct curl_slist *curl_slist_append(struct curl_slist *list, const char *text) {
  return curl_slist_append_function() ? curl_slist_append_function()(list, text) : NULL;
}

FUNCTION(void, curl_slist_free_all, (struct curl_slist *))
void curl_slist_free_all(struct curl_slist *list) {
  if (curl_slist_free_all_function()) curl_slist_free_all_function()(list);
}

FUNCTION(CURLU *, curl_url, (void))
CURLU *curl_url(void) { return curl_url_function() ? curl_url_function()() : NULL; }

FUNCTION(CURLUcode, curl_url_get, (CURLU *, CURLUPart, char **, unsigned int))
CURLUcode curl_url_get(CURLU *url, CURLUPart what, char **part, unsigned int flags) {
  return curl_url_get_function() ? curl_url_get_function()(url, what, part, flags)
                                 : CURLUE_OUT_OF_MEMORY;
}

FUNCTION(CURLUcode, curl_url_set, (CURLU *, CURLUPart, const char *, unsigned int))
CURLUcode curl_url_set(CURLU *url, CURLUPart what, const char *part, unsigned int flags) {
  return curl_url_set_function() ? curl_url_set_function()(url, what, part, flags)
                                 : CURLUE_OUT_OF_MEMORY;
}

FUNCTION(char *, curl_version, (void))
char *curl_version(void) {
  static char unavailable[] = "libcurl (not loaded)";
  return curl_version_function() ? curl_version_function()() : unavailable;
}

FUNCTION(curl_version_info_data *, curl_version_info, (CURLversion))
curl_version_info_data *curl_version_info(CURLversion version) {
  return curl_version_info_function() ? curl_version_info_function()(version) : NULL;
}
