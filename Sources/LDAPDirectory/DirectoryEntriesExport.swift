// The entries and their mapping to vCard live in `DirectoryEntries`, which cpick links
// to read LDIF files without libldap; this client's users see them as before.
@_exported import DirectoryEntries
