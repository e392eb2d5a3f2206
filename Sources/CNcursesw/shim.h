#ifndef CPICK_CNCURSESW_SHIM_H
#define CPICK_CNCURSESW_SHIM_H
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/ncurses.h>
#endif
