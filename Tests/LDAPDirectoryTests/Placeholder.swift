// The LDAP client's tests against slapd (being written).
