// libFuzzer's entry point for programs that keep their own main, declared weak: it is
// non-null only in a fuzzing build, which links libclang_rt.fuzzer_no_main (see
// Fuzz/fuzz.sh); an ordinary build replays inputs instead.
#include <stddef.h>
#include <stdint.h>

typedef int (*cfuzzer_callback)(const uint8_t *data, size_t size);

extern int LLVMFuzzerRunDriver(int *argc, char ***argv, cfuzzer_callback callback)
    __attribute__((weak));

/// Whether libFuzzer is linked in.
static inline int cfuzzer_is_linked(void) { return LLVMFuzzerRunDriver != NULL; }

/// Runs libFuzzer with `argv` (its flags and corpus folders) over `callback`; -1 when
/// libFuzzer is not linked.
static inline int cfuzzer_run(int *argc, char ***argv, cfuzzer_callback callback) {
  return LLVMFuzzerRunDriver ? LLVMFuzzerRunDriver(argc, argv, callback) : -1;
}
