// The wide-character curses API (ncursesw): add_wch, get_wch, cchar_t and friends.
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
/* From <term.h>, which is not included whole: its capability macros (lines, columns, ...)
   would shadow ordinary names. Used to test TERM before initscr, which would exit. */
extern int setupterm(const char *term, int filedes, int *errret);
#endif
