// libedit's readline interface, for the CLI's prompt: line editing, history and completion
// when a person types at a terminal (Debian's libedit-dev). Its settings are C globals, which
// Swift 6 will not touch from Swift; these functions set them.
#ifndef CEDITLINE_SHIM_H
#define CEDITLINE_SHIM_H
#include <stdio.h>
#include <editline/readline.h>

/// Completes with `complete`, and never falls back to file names.
static inline void ceditline_complete_with(rl_completion_func_t *complete) {
  rl_attempted_completion_function = complete;
}

/// Called from a completion hook: no file-name completion after it.
static inline void ceditline_no_fallback(void) { rl_attempted_completion_over = 1; }

/// The line being edited, from a completion hook.
static inline const char *ceditline_line(void) { return rl_line_buffer; }
#endif
