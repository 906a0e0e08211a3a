// libFuzzer's entry for a program that keeps its own main (LLVM 11 and later): it parses
// libFuzzer's flags from argc/argv and calls UserCb with each input.
#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H
#include <stddef.h>
#include <stdint.h>
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
#endif
