// The AddressSanitizer options of the test process, when the tests are built with
// `--sanitize=address` (the README's test command): no leak report at exit. The
// runtime, Foundation and cpick's `static let`s allocate once for the whole process
// and never free; LeakSanitizer would fail every run for them. The runtime reads
// this function before `main`; `ASAN_OPTIONS` in the environment still adds to it.
// In a build without AddressSanitizer nothing calls it.
const char *__asan_default_options(void);

const char *__asan_default_options(void) { return "detect_leaks=0"; }
