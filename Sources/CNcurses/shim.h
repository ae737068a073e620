// The one C header ChainTUI sees. Swift 6 cannot import curses' function-like macros or its
// mutable globals (stdscr, LINES, COLS ...), so this shim re-exports them as static inline
// functions. NB: SwiftPM drops pkg-config's -D_XOPEN_SOURCE, so the wide-character API must be
// switched on here, before curses.h is included.
#ifndef CHAINKIT_CNCURSES_SHIM_H
#define CHAINKIT_CNCURSES_SHIM_H

#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <stdio.h>
#include <curses.h>

static inline WINDOW *ck_stdscr(void) { return stdscr; }
static inline int ck_lines(void) { return LINES; }
static inline int ck_cols(void) { return COLS; }
static inline int ck_colors(void) { return COLORS; }
static inline int ck_color_pairs(void) { return COLOR_PAIRS; }
static inline int ck_getmaxy(WINDOW *w) { return getmaxy(w); }
static inline int ck_getmaxx(WINDOW *w) { return getmaxx(w); }
static inline int ck_key_f(int n) { return KEY_F(n); }
static inline attr_t ck_a_bold(void) { return A_BOLD; }
static inline attr_t ck_a_reverse(void) { return A_REVERSE; }
static inline attr_t ck_a_underline(void) { return A_UNDERLINE; }
static inline attr_t ck_a_dim(void) { return A_DIM; }
static inline attr_t ck_a_normal(void) { return A_NORMAL; }
static inline attr_t ck_color_pair(int n) { return COLOR_PAIR(n); }
static inline mmask_t ck_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t ck_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t ck_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t ck_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t ck_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t ck_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline bool ck_true(void) { return TRUE; }
static inline chtype ck_acs(char c) { return NCURSES_ACS(c); }
static inline void ck_clear_screen(void) { wclear(stdscr); wrefresh(stdscr); }
static inline bool ck_false(void) { return FALSE; }

#endif
