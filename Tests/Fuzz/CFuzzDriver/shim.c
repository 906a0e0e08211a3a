// The header declares libFuzzer's driver; the runtime itself comes from -sanitize=fuzzer.
#include "CFuzzDriver.h"
