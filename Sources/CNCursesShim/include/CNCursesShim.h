#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

/// The most columns, and the most rows, the carousel draws (Scene.largestSide: a test holds them
/// equal); curses is never told of a larger terminal.
#define CS_LARGEST_SIDE 2000

// The only interface between Swift and ncursesw. Swift never sees curses.h: every macro and
// global it cannot import (attributes, getmaxyx, stdscr, COLORS) is a plain function here.

#include <stddef.h>
#include <stdint.h>

enum {
    CS_ATTR_BOLD = 1, CS_ATTR_DIM = 2, CS_ATTR_REVERSE = 4, CS_ATTR_UNDERLINE = 8, CS_ATTR_ITALIC = 16,
};

enum {
    CS_EVENT_NONE = 0, CS_EVENT_KEY = 1, CS_EVENT_CHAR = 2, CS_EVENT_RESIZE = 3, CS_EVENT_MOUSE = 4,
};

enum {
    CS_KEY_LEFT = 1, CS_KEY_RIGHT, CS_KEY_UP, CS_KEY_DOWN, CS_KEY_HOME, CS_KEY_END,
    CS_KEY_PPAGE, CS_KEY_NPAGE, CS_KEY_BTAB, CS_KEY_ENTER, CS_KEY_BACKSPACE, CS_KEY_OTHER,
};

enum {
    CS_MOUSE_PRESS = 1, CS_MOUSE_RELEASE, CS_MOUSE_DRAG, CS_MOUSE_WHEEL_UP, CS_MOUSE_WHEEL_DOWN,
};

typedef struct {
    int kind;        // CS_EVENT_*
    int key;         // CS_KEY_* for CS_EVENT_KEY
    uint32_t ch;     // the character for CS_EVENT_CHAR (a Unicode scalar; controls included)
    int mouse;       // CS_MOUSE_* for CS_EVENT_MOUSE
    int x, y;        // the cell of a mouse event
} cs_event;

/// Reports clicks, the wheel, and motion while a button is held (for dragging). Call after cs_start.
void cs_enable_mouse(void);

/// setlocale(LC_ALL, ""); returns 1 when the character encoding is UTF-8.
int cs_setup_locale(void);

/// Installs handlers for every signal whose default action ends the process. Those sent from
/// outside (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGALRM, real-time signals, ...) set a flag
/// that interrupts cs_wait; faults and limits (SIGSEGV, SIGILL, SIGXCPU, ...) restore the terminal at
/// once and go on to the previous handler. The flagged ones and SIGWINCH are blocked except while
/// cs_wait waits (so none is lost between a check and the wait); cs_stop unblocks them. Call before
/// cs_start, before any thread is started.
void cs_install_signal_handlers(void);

/// The signal that asked the program to end, or 0.
int cs_pending_signal(void);

/// Re-raises `sig` with its default action (after the terminal is restored).
void cs_die_by_signal(int sig);

enum {
    CS_START_OK = 0,
    CS_START_NOT_A_TTY = 1,     // standard output is not a terminal, and there is no /dev/tty
    CS_START_NO_TERM = 2,       // TERM is not set, or empty
    CS_START_UNKNOWN_TERM = 3,  // terminfo does not know TERM
    CS_START_NO_CURSOR = 4,     // the terminal cannot move the cursor (TERM=dumb)
    CS_START_NOT_ANSI = 5,      // it moves the cursor with other sequences than ECMA-48's (a vt52)
    CS_START_NO_KEYBOARD = 6,   // standard input is not a terminal, and there is no /dev/tty to read keys
};

/// Whether terminfo has an entry for the terminal type `name` (nothing is written).
int cs_terminfo_known(const char *name);

/// Starts curses on the terminal (newterm on stdout/stdin), to set its modes and read keys; it never
/// draws (frames are written to cs_output_fd()). `term` is the terminfo name to use (TERM, or the
/// entry standing in for it; NULL or empty: none). With `direct_color`, first tries its "-direct"
/// terminfo entry (24-bit colour: xterm-256color -> xterm-direct). Returns CS_START_OK, or why the
/// terminal cannot be used (nothing has been written to it then).
int cs_start(int direct_color, const char *term);

/// Gives the terminal back as it was (idempotent; also run at exit and on a crash).
void cs_stop(void);

void cs_size(int *columns, int *rows);

/// How long (ms) an Esc waits for the rest of a key's bytes: 25, or 100 over ssh (SSH_CONNECTION
/// or SSH_TTY set), where a key's bytes may come in two packets (ESCDELAY, read by curses, wins).
int cs_escape_delay(void);

/// Number of colours (0 when the terminal has none).
int cs_color_count(void);

/// The descriptor frames are written to: standard output, or /dev/tty when it is captured.
int cs_output_fd(void);

/// Writes `count` bytes of a frame to the terminal: 0, or the errno of a write that failed. While
/// the terminal takes nothing (a stalled link), the signals that end, stop or resize the program
/// are let in; one that ends it drops the rest of the frame (EINTR), and the terminal is then given
/// back without waiting for it.
int cs_write_frame(const void *bytes, size_t count);

/// What the terminal's terminfo entry declares beyond cursor addressing (1 when it does).
typedef struct {
    int bold, dim, italic, underline, reverse, strikethrough;
    int erase_with_background;  // bce
    int repeat_character;       // rep
    int erase_characters;       // ech
    int erase_to_end_of_line;   // el
    int shift_characters;       // dch and ich
    int writes_bottom_right;    // no am, or xenl: the last cell does not scroll the screen
    int line_feed_moves_down;   // cud1 is a line feed, and the driver sends it as it is (no ONLCR)
} cs_terminal_features;

/// Reads the features of the started terminal.
void cs_features(cs_terminal_features *features);

/// Shows or hides the cursor (curses remembers it, and shows it again when it gives the terminal back).
void cs_cursor_visible(int visible);

/// Waits up to `timeout_ms` (-1: for ever) for input. 1: input ready, 2: woken by cs_wake, 0: timeout,
/// -1: a signal came (a terminal that hung up or closed counts as SIGHUP).
int cs_wait(int timeout_ms);

/// Makes the wake-up cs_wait also waits on (an eventfd). Returns 0, or -1 when it cannot.
int cs_wake_setup(void);

/// Wakes cs_wait from any thread (async-signal-safe).
void cs_wake(void);

/// Whether cs_wait was woken since the last call (also when input came at the same time).
int cs_take_wake(void);

/// Whether the process was stopped from outside (SIGSTOP) and continued since the last call: then
/// the terminal's modes, which the shell took back meanwhile, have been restored, and the whole
/// screen must be drawn again.
int cs_take_continued(void);
/// Whether a SIGTSTP came from outside (`kill -TSTP`) since the last call: the loop then suspends
/// as for Ctrl-Z (cs_suspend).
int cs_take_stop_request(void);

/// Reads one pending event without waiting. Returns 0 when there is none.
int cs_read(cs_event *event);

/// Ctrl-Z: give the terminal back, stop, and on `fg` take it again. Returns 1 when the program
/// was stopped and continued, 0 when the stop was discarded (no job-control shell looks after its
/// process group: a terminal window running it directly, `x=$(carousel --pick)`).
int cs_suspend(void);
/// Whether a suspend or a command run outside ended with the program in the background and sent
/// a signal that ends it: the terminal is the shell's, and nothing more is drawn on it.
int cs_terminal_given_back(void);

/// Runs `argv` (argv[0] a path, NULL-terminated) with the terminal handed to it, as for Ctrl-Z: the
/// screen is given back first and taken again after. Returns 0 with its wait status in
/// `wait_status`, or the error number when it could not be started.
int cs_run_outside(char *const argv[], int *wait_status);

/// A wait status's exit code (-1 when it did not exit) and the signal that ended it (0 when none).
int cs_exit_code(int wait_status);
int cs_term_signal(int wait_status);

#endif
