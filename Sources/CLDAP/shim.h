#ifndef CPICK_CLDAP_SHIM_H
#define CPICK_CLDAP_SHIM_H
// Only the current API (no ldap_simple_bind_s, ldap_search_s, …).
#define LDAP_DEPRECATED 0
#include <ldap.h>
#include <lber.h>
#include <sys/time.h>

// ldap_set_option takes a `const void *` whose type depends on the option: these typed
// wrappers pass one value of the type the option expects. Macros that Swift does not
// import (casts, string constants) are given as constants.

/// `ldap_set_option` for an `int` option (LDAP_OPT_PROTOCOL_VERSION, LDAP_OPT_X_TLS_REQUIRE_CERT,
/// LDAP_OPT_X_TLS_NEWCTX).
static inline int cpick_ldap_set_int(LDAP *ld, int option, int value) {
  return ldap_set_option(ld, option, &value);
}

/// `ldap_set_option` for an on/off option (LDAP_OPT_REFERRALS, LDAP_OPT_RESTART).
static inline int cpick_ldap_set_flag(LDAP *ld, int option, int on) {
  return ldap_set_option(ld, option, on ? LDAP_OPT_ON : LDAP_OPT_OFF);
}

/// `ldap_set_option` for a time option in seconds (LDAP_OPT_NETWORK_TIMEOUT, LDAP_OPT_TIMEOUT).
static inline int cpick_ldap_set_seconds(LDAP *ld, int option, double seconds) {
  struct timeval value;
  value.tv_sec = (time_t)seconds;
  value.tv_usec = (suseconds_t)((seconds - (double)value.tv_sec) * 1e6);
  return ldap_set_option(ld, option, &value);
}

/// `ldap_set_option` for a string option (LDAP_OPT_X_TLS_CACERTFILE); libldap copies it.
static inline int cpick_ldap_set_string(LDAP *ld, int option, const char *value) {
  return ldap_set_option(ld, option, value);
}

/// `ldap_get_option` for a string option (LDAP_OPT_DIAGNOSTIC_MESSAGE); free it with
/// `ldap_memfree`.
static inline int cpick_ldap_get_string(LDAP *ld, int option, char **value) {
  return ldap_get_option(ld, option, value);
}

/// `ldap_get_option` for an `int` option (LDAP_OPT_RESULT_CODE).
static inline int cpick_ldap_get_int(LDAP *ld, int option, int *value) {
  return ldap_get_option(ld, option, value);
}

/// A `struct timeval` of `seconds`.
static inline struct timeval cpick_timeval(double seconds) {
  struct timeval value;
  value.tv_sec = (time_t)seconds;
  value.tv_usec = (suseconds_t)((seconds - (double)value.tv_sec) * 1e6);
  return value;
}

/// The OID of the simple paged results control (RFC 2696).
static const char *const cpick_ldap_control_paged_results = LDAP_CONTROL_PAGEDRESULTS;
/// The simple bind mechanism, `LDAP_SASL_SIMPLE` (a null pointer).
static const char *const cpick_ldap_sasl_simple = LDAP_SASL_SIMPLE;

#endif
