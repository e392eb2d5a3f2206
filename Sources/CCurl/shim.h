#ifndef CPICK_CCURL_SHIM_H
#define CPICK_CCURL_SHIM_H
#include <curl/curl.h>

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: these
// typed wrappers pass one argument of the type the option expects. Macros that Swift
// does not import (casts, shifts) are given as constants.

/// A data callback: CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION, CURLOPT_READFUNCTION.
typedef size_t (*cpick_curl_data_callback)(char *buffer, size_t size, size_t count, void *userdata);

/// `curl_easy_setopt` for a `long` option.
static inline CURLcode cpick_curl_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

/// `curl_easy_setopt` for a `curl_off_t` option (the `_LARGE` ones).
static inline CURLcode cpick_curl_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

/// `curl_easy_setopt` for a string option (curl copies the string, except CURLOPT_POSTFIELDS).
static inline CURLcode cpick_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

/// `curl_easy_setopt` for a pointer option (CURLOPT_WRITEDATA, CURLOPT_COPYPOSTFIELDS, …).
static inline CURLcode cpick_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
  return curl_easy_setopt(handle, option, value);
}

/// `curl_easy_setopt` for a header list (CURLOPT_HTTPHEADER).
static inline CURLcode cpick_curl_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
  return curl_easy_setopt(handle, option, value);
}

/// `curl_easy_setopt` for a data callback (CURLOPT_WRITEFUNCTION, CURLOPT_HEADERFUNCTION,
/// CURLOPT_READFUNCTION).
static inline CURLcode cpick_curl_setopt_callback(CURL *handle, CURLoption option, cpick_curl_data_callback value) {
  return curl_easy_setopt(handle, option, value);
}

/// `curl_easy_getinfo` for a `long` result.
static inline CURLcode cpick_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

/// `curl_easy_getinfo` for a string result (owned by the handle).
static inline CURLcode cpick_curl_getinfo_string(CURL *handle, CURLINFO info, char **value) {
  return curl_easy_getinfo(handle, info, value);
}

/// `curl_easy_getinfo` for a `curl_off_t` result (the `_T` ones: times in microseconds).
static inline CURLcode cpick_curl_getinfo_off(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

static const long cpick_curl_global_all = CURL_GLOBAL_ALL;
static const long cpick_curlauth_basic = (long)CURLAUTH_BASIC;
static const long cpick_curlauth_bearer = (long)CURLAUTH_BEARER;
static const long cpick_curl_redir_post_all = CURL_REDIR_POST_ALL;
static const long cpick_curl_netrc_optional = CURL_NETRC_OPTIONAL;
static const long cpick_curl_error_size = CURL_ERROR_SIZE;

#endif
