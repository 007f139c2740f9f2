#define _GNU_SOURCE  // ppoll
#include "CNCursesShim.h"

#include <errno.h>
#include <dirent.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <termios.h>
#include <time.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <wchar.h>

extern char **environ;

static SCREEN *screen = NULL;
static FILE *input = NULL;     // stdin, or /dev/tty when stdin carries a deck (`carousel -`)
static int input_fd = STDIN_FILENO;
// Whether the locale's characters are UTF-8 (keys are read as such; see read_character).
static int utf8_locale = 1;
static FILE *output = NULL;    // stdout, or /dev/tty when stdout is captured (`x=$(carousel --pick)`)
static int output_fd = STDOUT_FILENO;
static volatile sig_atomic_t pending_signal = 0;
static volatile sig_atomic_t motion_tracking = 0;
static volatile sig_atomic_t continued = 0;
// The signals that end, stop or resize the program are blocked except inside cs_wait's ppoll,
// which unblocks them atomically: one that arrives while a frame is drawn waits for the next
// cs_wait and interrupts it at once, instead of landing between the flag check and the wait (and
// being noticed only at the next key press).
static sigset_t waited_signals, mask_before;
static int signals_blocked = 0;
// Frames are written through a descriptor of their own on the terminal, which does not block (see
// cs_write_frame); -1 where it could not be opened (frames then go to output_fd).
static int frame_fd = -1;
// A terminal that takes nothing (an ssh link that stalled, a console held by Scroll Lock), found
// when a signal that ends the program came while a frame waited for it, or when the terminal does
// not take the bytes that give it back: it is given back without waiting (see give_back_stalled).
static int terminal_stalled = 0;
static int given_back_stalled = 0;
// The terminal's modes as the shell had them (for a stalled terminal: curses' endwin waits for it).
static struct termios shell_modes;
static int have_shell_modes = 0;
// Keys are read through a pad: wgetch on a window refreshes it first when it has changed (after a
// resize it has), and curses must never draw: the frames are written by the Swift frame writer.
static WINDOW *keys = NULL;

// While curses owns the screen, whatever goes to stderr (a Swift runtime error, a warning) would be
// drawn into the alternate screen and lost. It is held in a temporary file instead and written out
// once the terminal is given back, so a crash message is printed after the terminal is restored.
static int held_stderr = -1;   // the real stderr while held
static int stderr_file = -1;   // where stderr goes meanwhile

static void hold_stderr(void) {
    FILE *file = tmpfile();
    if (!file) return;
    // Close-on-exec: an editor started from the carousel must not inherit them.
    int fd = fcntl(fileno(file), F_DUPFD_CLOEXEC, 0);
    fclose(file);
    if (fd < 0) return;
    held_stderr = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0);
    if (held_stderr < 0 || dup2(fd, STDERR_FILENO) < 0) { close(fd); return; }
    stderr_file = fd;
}

// Async-signal-safe: only dup2, lseek, read, write, close.
// `wait`: 0 for a terminal that takes nothing (see give_back_stalled): what was held is written
// as far as a terminal takes it at once, the rest dropped (a blocking write there held the
// program past the signal that ended it: review).
static void release_stderr_waiting(int wait) {
    if (held_stderr < 0) return;
    dup2(held_stderr, STDERR_FILENO);
    close(held_stderr);
    held_stderr = -1;
    if (stderr_file >= 0) {
        int to = STDERR_FILENO, opened = -1;
        if (!wait && isatty(STDERR_FILENO)) {
            char path[40];
            snprintf(path, sizeof path, "/proc/self/fd/%d", STDERR_FILENO);
            opened = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
            to = opened;
        }
        char buffer[4096];
        ssize_t n;
        lseek(stderr_file, 0, SEEK_SET);
        while (to >= 0 && (n = read(stderr_file, buffer, sizeof buffer)) > 0) {
            if (write(to, buffer, (size_t)n) < n) break;
        }
        if (opened >= 0) close(opened);
        close(stderr_file);
        stderr_file = -1;
    }
}

static void release_stderr(void) { release_stderr_waiting(1); }

// Button-motion tracking (xterm mode 1002) is ours to switch off: ncurses only knows its own mode
// (with REPORT_MOUSE_POSITION it also asks for any-motion reports, 1003, which it switches off itself).
// SGR reports (1006) are asked for too, and read by the terminal layer (TerminalEvent.gatherMouseReports),
// whatever the terminfo entry says: an X10 report cannot name a column or row past 223 (clicks
// there were lost in a wide pane), and where the entry names SGR reports itself (kmous ESC [ <:
// xterm's, alacritty's), ncurses' own reading lost the press of a press, a motion and a release
// that came in one read, so a quick drag did nothing (helper-78). Its key is switched off there
// (see leave_sgr_reports_to_us). A terminal without 1006 ignores the request and goes on with
// X10, which ncurses reads.
static void set_motion_tracking(int on) {
    static const char enable[] = "\033[?1002;1006h", disable[] = "\033[?1002;1006l";
    const char *sequence = on ? enable : disable;
    if (write(output_fd, sequence, strlen(sequence)) < 0) return;
}

// ncurses switches its mouse key on whenever it activates the mouse (mousemask, and its resume
// after endwin): switched off again after each, where the key is the SGR report's start.
static void leave_sgr_reports_to_us(void) {
    const char *mouse_key = tigetstr("kmous");
    if (mouse_key && mouse_key != (char *)-1 && strcmp(mouse_key, "\033[<") == 0) keyok(KEY_MOUSE, FALSE);
}

static int has_string(const char *name);
static int in_foreground(void);
static int put_output(int c);

// Bracketed paste (xterm mode 2004): a paste arrives between ESC [ 200 ~ and ESC [ 201 ~, and is
// read as text to find, not as keys (a paste of a shell command zoomed, looped and opened an
// editor, key by key). Asked for with terminfo's BE and BD where the entry has them, else with
// the mode itself where it reports the mouse as xterm does (tmux and screen run under entries
// without BE; a terminal without the mode ignores it). On while the carousel has the terminal,
// off whenever it gives it back, a crash included. (Kept as text at start: a crash handler must
// not look terminfo up.)
static char paste_on[32], paste_off[32];
static void set_bracketed_paste(int on) {
    const char *sequence = on ? paste_on : paste_off;
    if (*sequence && write(output_fd, sequence, strlen(sequence)) < 0) return;
}
static void find_bracketed_paste(void) {
    const char *on = tigetstr("BE"), *off = tigetstr("BD"), *mouse = tigetstr("kmous");
    int named = on && on != (char *)-1 && *on && off && off != (char *)-1 && *off;
    int xterm_mouse = mouse && mouse != (char *)-1 && strncmp(mouse, "\033[", 2) == 0;
    if (named && strlen(on) < sizeof paste_on && strlen(off) < sizeof paste_off) {
        snprintf(paste_on, sizeof paste_on, "%s", on);
        snprintf(paste_off, sizeof paste_off, "%s", off);
    } else if (xterm_mouse) {
        snprintf(paste_on, sizeof paste_on, "\033[?2004h");
        snprintf(paste_off, sizeof paste_off, "\033[?2004l");
    }
}

// Before curses gives the terminal back: the frame writer's colours reset, and the cursor where
// endwin expects to leave it (the last row; curses never learnt where the frames left it).
static void leave_screen(void) {
    set_bracketed_paste(0);
    char text[32];
    // Without an alternate screen to leave (the Linux console, vt100), the carousel would stay
    // on the screen with the shell's prompt written over its last row: it is cleared instead (and
    // on quitting the cursor is put at its top after endwin, see cs_stop). The alternate screen
    // is cleared before it is left: tmux 3.3 showed rows of the carousel over the shell's screen
    // after the window had grown wider under it (helper-64; a clear first left it clean).
    int length = has_string("rmcup") ? snprintf(text, sizeof text, "\033[m\033[H\033[2J\033[%d;1H", LINES > 0 ? LINES : 1)
                                     : snprintf(text, sizeof text, "\033[m\033[H\033[2J");
    if (length > 0 && write(output_fd, text, (size_t)length) < 0) return;
}

static int codeset_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

// Whether a locale's name asks for UTF-8 (`en_US.UTF-8`, `de_DE.utf8`).
static int names_utf8(const char *name) {
    for (const char *p = name; *p; p++) {
        if (strncasecmp(p, "utf-8", 5) == 0 || strncasecmp(p, "utf8", 4) == 0) return 1;
    }
    return 0;
}

int cs_setup_locale(void) {
    setlocale(LC_ALL, "");
    if (codeset_is_utf8()) return 1;
    // A UTF-8 locale this system does not have (`en_US.UTF-8` over ssh to a minimal machine): the
    // terminal still speaks UTF-8, and C.UTF-8 (built into glibc) reads and measures its characters
    // (helper-53: the carousel was drawn in ASCII, Chinese as question marks, with no word why).
    const char *asked = getenv("LC_ALL");
    if (!asked || !*asked) asked = getenv("LC_CTYPE");
    if (!asked || !*asked) asked = getenv("LANG");
    if (asked && names_utf8(asked) && (setlocale(LC_CTYPE, "C.UTF-8") || setlocale(LC_CTYPE, "C.utf8"))) {
        return codeset_is_utf8();
    }
    return 0;
}

static void on_quit_signal(int sig) { pending_signal = sig; }

// Asked to stop from outside (`kill -TSTP`): the loop suspends as for Ctrl-Z (see cs_suspend),
// giving the terminal back first and taking it again after. (ncurses' own handler, which would
// otherwise be installed, repaints only what was drawn through curses: nothing, as the frames are
// written by the program; and where the stop cannot happen, a process group without a job-control
// shell above it, it left a blank screen that the next frames only patched.)
static volatile sig_atomic_t stop_requested = 0;
static void on_stop_request(int sig) {
    (void)sig;
    stop_requested = 1;
}

int cs_take_stop_request(void) {
    int was = stop_requested;
    stop_requested = 0;
    return was;
}

// The stop signal let in around a stop of our own (a suspend, or a command run outside that is
// stopped with the carousel), blocked again after it.
static void let_stop_in(int in) {
    if (!signals_blocked) return;
    sigset_t just_this;
    sigemptyset(&just_this);
    sigaddset(&just_this, SIGTSTP);
    sigprocmask(in ? SIG_UNBLOCK : SIG_BLOCK, &just_this, NULL);
}

// Stopped from outside (kill -STOP, a job-control stop) and continued (fg): the shell had the
// terminal meanwhile and set its own modes (echo, line editing, output processing).
static void on_continue(int sig) {
    (void)sig;
    continued = 1;
}

// Curses keeps a size in shorts and a screen of its own as large as the terminal: it is told
// at most CS_LARGEST_SIDE each way (a pty set to 40000x40000 a moment left it drawing nothing
// ever after; at 10000x10000 its screens took 2.6 GB; helper-88). Where curses asks the
// terminal itself (newterm, and doupdate after endwin: back from `e` or Ctrl-Z), LINES and
// COLUMNS, which curses prefers to the terminal's word, say the clamped size for that moment
// (never while a child runs: an editor must see the real size).
static int clamped_side(int side) { return side > CS_LARGEST_SIDE ? CS_LARGEST_SIDE : side; }

static int clamp_size_in_environment(void) {
    struct winsize ws;
    if (ioctl(output_fd, TIOCGWINSZ, &ws) != 0 || (ws.ws_row <= CS_LARGEST_SIDE && ws.ws_col <= CS_LARGEST_SIDE)) return 0;
    char number[16];
    snprintf(number, sizeof number, "%d", clamped_side(ws.ws_row));
    setenv("LINES", number, 1);
    snprintf(number, sizeof number, "%d", clamped_side(ws.ws_col));
    setenv("COLUMNS", number, 1);
    return 1;
}

static void unclamp_size_in_environment(int clamped) {
    if (!clamped) return;
    unsetenv("LINES");
    unsetenv("COLUMNS");
}

// The terminal's size as last learnt (at start, on a resize, back from a stop or a command):
// cs_size is asked every frame, and asks no system call. The terminal's own word first: curses
// keeps a size in shorts, and one past 32,767 (a pty set to 40000x40000 a moment) left its screen
// broken, the carousel drawing nothing after the size came back (helper-88). Curses' size where
// the terminal gives none (0x0).
static int known_columns = 0, known_rows = 0;
// LINES and COLUMNS as the environment had them at start: the size of a terminal that says it
// has none (0x0: a serial console), where they are all there is to go by (helper-97 saw 80x24).
static int environment_rows = 0, environment_columns = 0;

static void learn_size(void) {
    struct winsize ws;
    if (ioctl(output_fd, TIOCGWINSZ, &ws) == 0 && ws.ws_row > 0 && ws.ws_col > 0) {
        known_columns = ws.ws_col;
        known_rows = ws.ws_row;
        return;
    }
    if (environment_rows > 0 && environment_columns > 0) {
        known_columns = environment_columns;
        known_rows = environment_rows;
        return;
    }
    int y = 0, x = 0;
    if (stdscr) getmaxyx(stdscr, y, x);
    known_columns = x;
    known_rows = y;
}

// Curses resized to the terminal's size, clamped; nothing when it has that size already.
static void resize_curses(void) {
    learn_size();
    if (known_rows == 0 || known_columns == 0) return;
    int high = clamped_side(known_rows), wide = clamped_side(known_columns);
    if (high != LINES || wide != COLS) resizeterm(high, wide);
}

int cs_escape_delay(void) { return getenv("SSH_CONNECTION") || getenv("SSH_TTY") ? 100 : 25; }

// A resize is taken here, not by curses' own handler (installed only where none is): curses
// resized its screens to whatever the terminal said, 10000x10000 cells of its own for a pty
// set so a moment (2.6 GB kept after it came back; helper-88). cs_read reports it, after
// giving curses the size the carousel draws at.
static volatile sig_atomic_t resized = 0;
static void on_resize(int sig) {
    (void)sig;
    resized = 1;
}

// Signals that end the process by default fall in two groups. Those sent from outside (a kill, a
// timer, a hang-up) set a flag that ends the loop, which restores the terminal and then ends the
// process by the same signal. Those raised by the program itself (a fault, a CPU or file-size limit,
// a bad system call) restore the terminal at once and go on to the previous handler.
static const int crash_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS, SIGXCPU, SIGXFSZ};
static struct sigaction previous_crash_actions[sizeof crash_signals / sizeof crash_signals[0]];
static const int quit_signals[] = {
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGPWR, SIGIO, SIGSTKFLT,
};

static void on_crash(int sig) {
    // Restore the terminal first, so whatever prints the crash prints it on a sane terminal.
    if (motion_tracking) set_motion_tracking(0);
    if (screen && !isendwin()) set_bracketed_paste(0);
    if (screen && !isendwin()) endwin();
    release_stderr();
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        if (crash_signals[i] == sig) sigaction(sig, &previous_crash_actions[i], NULL);
    }
    // Run the previous handler now (the Swift runtime's crash report, if it is on)...
    sigset_t just_this;
    sigemptyset(&just_this);
    sigaddset(&just_this, sig);
    sigprocmask(SIG_UNBLOCK, &just_this, NULL);
    raise(sig);
    // ...and if it returned (a signal sent with kill is no fault that would happen again), end the
    // process the way the signal's default action does.
    signal(sig, SIG_DFL);
    raise(sig);
    _exit(128 + sig);
}

static void restore_at_exit(void) { cs_stop(); }

static void unblock_waited_signals(void) {
    if (!signals_blocked) return;
    sigprocmask(SIG_SETMASK, &mask_before, NULL);
    signals_blocked = 0;
}

// ppoll that finds input ready returns without delivering the signals its mask unblocks; a terminal
// that hung up is always "ready", so the pending ones are let in here, briefly, after every wait.
static void deliver_pending_signals(void) {
    if (!signals_blocked) return;
    sigset_t pending;
    sigpending(&pending);
    int any = 0;
    for (int sig = 1; sig < NSIG; sig++) {
        if (sigismember(&waited_signals, sig) == 1 && sigismember(&pending, sig) == 1) any = 1;
    }
    if (!any) return;
    sigprocmask(SIG_UNBLOCK, &waited_signals, NULL);
    sigprocmask(SIG_BLOCK, &waited_signals, NULL);
}

// `handler` for `sig`, one of the signals cs_wait's ppoll alone lets in.
static void catch_waited(int sig, void (*handler)(int)) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(sig, &action, NULL);
    sigaddset(&waited_signals, sig);
}

void cs_install_signal_handlers(void) {
    struct sigaction quit;
    memset(&quit, 0, sizeof quit);
    quit.sa_handler = on_quit_signal;
    sigemptyset(&quit.sa_mask);
    quit.sa_flags = 0;  // no SA_RESTART: a signal must interrupt the wait for input
    sigemptyset(&waited_signals);
    for (size_t i = 0; i < sizeof quit_signals / sizeof quit_signals[0]; i++) {
        sigaction(quit_signals[i], &quit, NULL);
        sigaddset(&waited_signals, quit_signals[i]);
    }
    // The real-time signals end a process by default too.
    for (int sig = SIGRTMIN; sig <= SIGRTMAX; sig++) {
        sigaction(sig, &quit, NULL);
        sigaddset(&waited_signals, sig);
    }
    signal(SIGPIPE, SIG_IGN);

    struct sigaction crash;
    memset(&crash, 0, sizeof crash);
    crash.sa_handler = on_crash;
    sigemptyset(&crash.sa_mask);
    crash.sa_flags = 0;
    for (size_t i = 0; i < sizeof crash_signals / sizeof crash_signals[0]; i++) {
        sigaction(crash_signals[i], &crash, &previous_crash_actions[i]);
    }
    atexit(restore_at_exit);

    // Continued, asked to stop, resized: each sets a flag and interrupts the wait (no
    // SA_RESTART), to redraw or stop at once.
    catch_waited(SIGCONT, on_continue);
    catch_waited(SIGTSTP, on_stop_request);
    catch_waited(SIGWINCH, on_resize);
    if (!signals_blocked && sigprocmask(SIG_BLOCK, &waited_signals, &mask_before) == 0) signals_blocked = 1;
}

int cs_pending_signal(void) { return pending_signal; }

void cs_die_by_signal(int sig) {
    signal(sig, SIG_DFL);
    unblock_waited_signals();
    raise(sig);
}

// "xterm-256color" -> "xterm-direct": the entry that speaks 24-bit colour, if the system has it.
static SCREEN *new_direct_color_term(const char *term) {
    if (!term || !*term) return NULL;
    char name[128];
    size_t base = strcspn(term, "-");
    if (base + sizeof "-direct" > sizeof name) return NULL;
    memcpy(name, term, base);
    strcpy(name + base, "-direct");
    int status = 0;
    if (setupterm(name, output_fd, &status) != OK) return NULL;
    del_curterm(cur_term);
    return newterm(name, output, input);
}

int cs_terminfo_known(const char *name) {
    if (!name || !*name) return 0;
    int status = 0;
    if (setupterm(name, output_fd, &status) != OK) return 0;
    del_curterm(cur_term);
    cur_term = NULL;
    return 1;
}

// Can the terminal of this terminfo name do what the carousel needs? Asks terminfo only: nothing is written.
static int check_terminal(const char *term) {
    if (!term || !*term) return CS_START_NO_TERM;
    int status = 0;
    if (setupterm(term, output_fd, &status) != OK) return CS_START_UNKNOWN_TERM;
    char *move = tigetstr("cup");
    int can_move = move != NULL && move != (char *)-1;
    // Frames are written in ECMA-48 (ANSI) sequences, which every terminal emulator in use speaks;
    // a few hardware terminals of old address the cursor otherwise.
    static const char ansi[] = "\033[%i%p1%d;%p2%dH";
    int speaks_ansi = can_move && strncmp(move, ansi, sizeof ansi - 1) == 0;
    del_curterm(cur_term);
    cur_term = NULL;
    return !can_move ? CS_START_NO_CURSOR : speaks_ansi ? CS_START_OK : CS_START_NOT_ANSI;
}

// Cursor and editing keys in both forms: terminfo knows only the application-mode one (ESC O x)
// once keypad mode is on, but terminals that ignore that mode, and keys typed before it is set,
// send the normal-mode form (ESC [ x).
static void define_both_key_forms(void) {
    static const struct { const char *sequence; int key; } keys[] = {
        {"\033[A", KEY_UP}, {"\033[B", KEY_DOWN}, {"\033[C", KEY_RIGHT}, {"\033[D", KEY_LEFT},
        {"\033[H", KEY_HOME}, {"\033[F", KEY_END},
        {"\033OA", KEY_UP}, {"\033OB", KEY_DOWN}, {"\033OC", KEY_RIGHT}, {"\033OD", KEY_LEFT},
        {"\033OH", KEY_HOME}, {"\033OF", KEY_END},
        {"\033[1~", KEY_HOME}, {"\033[4~", KEY_END}, {"\033[7~", KEY_HOME}, {"\033[8~", KEY_END},
        {"\033[5~", KEY_PPAGE}, {"\033[6~", KEY_NPAGE}, {"\033[Z", KEY_BTAB},
    };
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        if (key_defined(keys[i].sequence) == 0) define_key(keys[i].sequence, keys[i].key);
    }
}

// The controlling terminal, opened for reading or writing with close-on-exec (an editor started
// from the carousel must not inherit it); NULL when the process has none.
static FILE *open_terminal(const char *mode) {
    FILE *file = fopen("/dev/tty", mode);
    if (file) fcntl(fileno(file), F_SETFD, FD_CLOEXEC);
    return file;
}

// Whether `fd` is a terminal open for `access` (O_RDONLY: reading, O_WRONLY: writing): a shell
// can hand the program its terminal open the other way only (`carousel 0>/dev/tty`, `<&- >&-`
// reopening it write-only), and reading a descriptor open for writing fails at once, every time:
// the loop spun with no key read (helper-36).
static int is_tty_for(int fd, int access) {
    if (!isatty(fd)) return 0;
    int mode = fcntl(fd, F_GETFL) & O_ACCMODE;
    return mode == O_RDWR || mode == access;
}

int cs_start(int direct_color, const char *term) {
    // Standard output captured by a script (`choice=$(carousel --pick)`): draw on the terminal
    // itself, as fzf does, and leave standard output for the choice.
    output = stdout;
    output_fd = STDOUT_FILENO;
    if (!is_tty_for(STDOUT_FILENO, O_WRONLY)) {
        output = open_terminal("w");
        if (!output) return CS_START_NOT_A_TTY;
        output_fd = fileno(output);
        if (!isatty(output_fd)) return CS_START_NOT_A_TTY;
    }
    int usable = check_terminal(term);
    if (usable != CS_START_OK) return usable;
    input = stdin;
    input_fd = STDIN_FILENO;
    if (!is_tty_for(STDIN_FILENO, O_RDONLY)) {
        // Standard input was a deck (or no terminal open for reading); the keys come from the
        // controlling terminal.
        input = open_terminal("r");
        if (!input) return CS_START_NO_KEYBOARD;
        input_fd = fileno(input);
    }
    // How long an Esc waits for the rest of a key's sequence: 25 ms where the terminal is here,
    // 100 ms over ssh, where a key's bytes may come in two packets (an arrow key split so was Esc,
    // and quit: helper-88). ESCDELAY (ms) in the environment wins, as curses reads it.
    set_escdelay(cs_escape_delay());
    utf8_locale = codeset_is_utf8();
    // The terminal's real size wins over LINES and COLUMNS exported by a shell or a script, at start
    // and on every resize: ncurses reads them before the terminal's own size (use_tioctl would stop
    // that, but on this ncurses it also stops a resize from taking effect), and a child process
    // started later (an editor) must not inherit the stale size either.
    const char *rows_said = getenv("LINES"), *columns_said = getenv("COLUMNS");
    environment_rows = rows_said ? atoi(rows_said) : 0;
    environment_columns = columns_said ? atoi(columns_said) : 0;
    if (environment_rows < 0 || environment_rows > 32767) environment_rows = 0;
    if (environment_columns < 0 || environment_columns > 32767) environment_columns = 0;
    // (Kept where the terminal says it has no size: curses starts at their size too, its scroll
    // region with it (at 80x24 its `ESC [1;24r` scrolled a 30-row screen's rows 24 and below;
    // helper-100), and a command started from the carousel needs them as much.)
    struct winsize said;
    int sized = ioctl(output_fd, TIOCGWINSZ, &said) == 0 && said.ws_row > 0 && said.ws_col > 0;
    if (sized || environment_rows == 0 || environment_columns == 0) {
        unsetenv("LINES");
        unsetenv("COLUMNS");
    }
    // (A terminal larger than the carousel draws is started as one of that size: newterm failed
    // past 32,767, and the message blamed the terminal's type; helper-88.)
    have_shell_modes = tcgetattr(output_fd, &shell_modes) == 0;
    int clamped = clamp_size_in_environment();
    screen = direct_color ? new_direct_color_term(term) : NULL;
    if (!screen) screen = newterm(term, output, input);
    unclamp_size_in_environment(clamped);
    if (!screen) return CS_START_UNKNOWN_TERM;
    hold_stderr();
    set_term(screen);
    raw();        // Ctrl-C and Ctrl-Z arrive as keys; the program handles them itself
    noecho();
    nonl();
    // Frames reach the terminal as written, without the driver's output pass over every byte
    // (with ONLCR off, as ncurses leaves it once started, that pass changes nothing in them: they
    // hold no tab and move the cursor by escape sequences). Made curses' program mode, so that coming back from a
    // suspend or a command keeps it; endwin gives the terminal back as it was found.
    struct termios output_mode;
    if (tcgetattr(output_fd, &output_mode) == 0 && (output_mode.c_oflag & OPOST) && !(output_mode.c_oflag & ONLCR)) {
        output_mode.c_oflag &= ~(tcflag_t)OPOST;
        if (tcsetattr(output_fd, TCSADRAIN, &output_mode) == 0) def_prog_mode();
    }
    keys = newpad(1, 1);
    if (!keys) {
        endwin();
        release_stderr();
        return CS_START_NOT_A_TTY;
    }
    keypad(keys, TRUE);
    define_both_key_forms();
    nodelay(keys, TRUE);
    curs_set(0);
    find_bracketed_paste();
    set_bracketed_paste(1);
    if (has_colors()) {
        start_color();
        use_default_colors();
    }
    learn_size();
    if (frame_fd < 0) {
        // The same terminal opened again, as a description of its own: non-blocking there only
        // (the shell's is left as it was).
        char path[40];
        snprintf(path, sizeof path, "/proc/self/fd/%d", output_fd);
        frame_fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
        if (frame_fd >= 0 && !isatty(frame_fd)) {
            close(frame_fd);
            frame_fd = -1;
        }
    }
    return CS_START_OK;
}

int cs_write_frame(const void *bytes, size_t count) {
    const char *next = bytes;
    int fd = frame_fd >= 0 ? frame_fd : output_fd;
    while (count > 0) {
        ssize_t written = write(fd, next, count);
        if (written > 0) {
            next += written;
            count -= (size_t)written;
            continue;
        }
        if (written < 0 && errno == EINTR) {
            if (pending_signal) return EINTR;
            continue;
        }
        if (written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
            // Full: wait until it takes more, the signals that end, stop or resize the program let
            // in meanwhile; one that ends it drops the rest of the frame.
            struct pollfd out = {.fd = fd, .events = POLLOUT};
            int r = ppoll(&out, 1, NULL, signals_blocked ? &mask_before : NULL);
            if (pending_signal) {
                terminal_stalled = 1;
                return EINTR;
            }
            if (r < 0 && errno != EINTR) return errno;
            if (r > 0 && (out.revents & (POLLERR | POLLHUP | POLLNVAL))) return EIO;
            continue;
        }
        return written < 0 ? errno : EIO;
    }
    return 0;
}

// Whether the terminal takes output within `ms` milliseconds (it has room for a few bytes).
static int takes_output(int ms) {
    struct pollfd out = {.fd = frame_fd >= 0 ? frame_fd : output_fd, .events = POLLOUT};
    int r;
    do r = poll(&out, 1, ms); while (r < 0 && errno == EINTR);
    return r > 0 && (out.revents & POLLOUT);
}

// A terminal that takes nothing given back without waiting for it: what the program switched on
// switched off as far as the terminal takes it now, its modes as the shell had them (at once, not
// after the output drains), and curses not asked (endwin would wait for the terminal for good,
// and the program with it: SIGTERM did nothing; helper-97).
static void give_back_stalled(void) {
    // (As far as the terminal takes it now, a whole sequence at a time where it is short of room:
    // the piece of one would eat the prompt's first byte once the link is back; review.)
    const char *sequences[] = {"\033[?1002;1006l", paste_off, "\033[m",
                               cursor_normal && cursor_normal != (char *)-1 ? cursor_normal : "",
                               keypad_local && keypad_local != (char *)-1 ? keypad_local : "",
                               exit_ca_mode && exit_ca_mode != (char *)-1 ? exit_ca_mode : ""};
    for (size_t i = 0; frame_fd >= 0 && i < sizeof sequences / sizeof sequences[0]; i++) {
        size_t length = strlen(sequences[i]);
        if (length > 0 && write(frame_fd, sequences[i], length) < (ssize_t)length) break;
    }
    if (have_shell_modes) tcsetattr(output_fd, TCSANOW, &shell_modes);
    motion_tracking = 0;
    given_back_stalled = 1;
    release_stderr_waiting(0);
    unblock_waited_signals();
}

void cs_enable_mouse(void) {
    // (Also where the entry names no mouse at all, `TERM=vt220` in an xterm: the terminal sends
    // its reports all the same, and SGR ones are read whole; helper-53.)
    // Every button's events, though only the first's and the wheel's are used: where ncurses reads
    // SGR reports itself (an entry with kmous ESC [ <: xterm's, alacritty's), one it was not asked
    // for (a right or middle click) made it wait for another, and the key after it waited too,
    // until one more came (helper-36). The others are passed over in cs_read.
    mousemask(ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION, NULL);
    mouseinterval(0);  // report presses and releases as they happen, no click synthesis
    wnoutrefresh(stdscr);
    doupdate();        // let ncurses send its own mouse mode first
    leave_sgr_reports_to_us();
    motion_tracking = 1;
    set_motion_tracking(1);
}

void cs_stop(void) {
    if (given_back_stalled) return;
    // Ended while in the background (stopped from outside, then sent a signal by `kill %1` from
    // the shell): the shell has the terminal and has set its own modes (line editing, echo), so
    // they are left alone (endwin's, set there, echoed the next line typed twice); only what the
    // program switched on is switched off, its mouse reports, colours, keypad mode and alternate
    // screen.
    // (Writing from the background is let through: a terminal with `tostop` would stop it.)
    if (screen && !isendwin() && !in_foreground()) {
        struct sigaction ignore, previous_ttou;
        memset(&ignore, 0, sizeof ignore);
        ignore.sa_handler = SIG_IGN;
        sigemptyset(&ignore.sa_mask);
        sigaction(SIGTTOU, &ignore, &previous_ttou);
        if (motion_tracking) set_motion_tracking(0);
        motion_tracking = 0;
        mousemask(0, NULL);
        if (write(output_fd, "\033[m", 3) < 0) {}
        set_bracketed_paste(0);
        if (keypad_local && keypad_local != (char *)-1) tputs(keypad_local, 1, put_output);
        if (cursor_normal && cursor_normal != (char *)-1) tputs(cursor_normal, 1, put_output);
        if (exit_ca_mode && exit_ca_mode != (char *)-1) tputs(exit_ca_mode, 1, put_output);
        fflush(output);
        sigaction(SIGTTOU, &previous_ttou, NULL);
        release_stderr();
        unblock_waited_signals();
        return;
    }
    // (Two seconds: a slow link drains what it holds first.)
    if (screen && !isendwin() && (terminal_stalled || !takes_output(2000))) {
        give_back_stalled();
        return;
    }
    if (motion_tracking) {
        set_motion_tracking(0);
        motion_tracking = 0;
    }
    if (screen && !isendwin()) {
        leave_screen();
        curs_set(1);
        endwin();
        // A screen cleared by leave_screen (no alternate screen): the shell's prompt at its top,
        // not on the last row where endwin leaves the cursor.
        if (!has_string("rmcup") && write(output_fd, "\033[H", 3) < 0) {}
    }
    release_stderr();
    unblock_waited_signals();
}

// (Parameter names avoid term.h's capability macros such as `columns` and `lines`.)
void cs_size(int *width, int *height) {
    if (known_columns == 0 || known_rows == 0) learn_size();
    *width = known_columns;
    *height = known_rows;
}

int cs_color_count(void) { return has_colors() ? COLORS : 0; }

int cs_output_fd(void) { return output_fd; }

static int has_string(const char *name) {
    char *value = tigetstr(name);
    return value != NULL && value != (char *)-1 && *value != 0;
}

void cs_features(cs_terminal_features *features) {
    memset(features, 0, sizeof *features);
    features->bold = has_string("bold");
    features->dim = has_string("dim");
    features->italic = has_string("sitm");
    features->underline = has_string("smul");
    features->reverse = has_string("rev");
    features->strikethrough = has_string("smxx");  // an extended capability (xterm, VTE, tmux, kitty)
    features->erase_with_background = tigetflag("bce") > 0;
    features->repeat_character = has_string("rep");
    features->erase_characters = has_string("ech");
    features->erase_to_end_of_line = has_string("el");
    features->shift_characters = has_string("dch") && has_string("ich");
    features->writes_bottom_right = tigetflag("am") <= 0 || tigetflag("xenl") > 0;
    const char *down = tigetstr("cud1");
    struct termios mode;
    features->line_feed_moves_down = down != NULL && down != (char *)-1 && strcmp(down, "\n") == 0
        && tcgetattr(output_fd, &mode) == 0 && (!(mode.c_oflag & OPOST) || !(mode.c_oflag & ONLCR));
}

void cs_cursor_visible(int visible) { curs_set(visible ? 1 : 0); }

// Work done off the frame path (a picture converted, a search finished) wakes the loop through this
// eventfd, waited on in the same ppoll as the terminal: no timer, and no wake-up at rest.
static int wake_fd = -1;
static int woken = 0;

int cs_take_wake(void) {
    int was = woken;
    woken = 0;
    return was;
}

// The SIGCONT that ends a stop of our own (a suspend, an outside command stopped with us) is let in
// and forgotten there: those paths take the terminal back themselves.
// Returns whether the program was continued (so it had been stopped) since the flag was last cleared.
static int forget_continue(void) {
    if (signals_blocked) {
        sigset_t just_this;
        sigemptyset(&just_this);
        sigaddset(&just_this, SIGCONT);
        sigprocmask(SIG_UNBLOCK, &just_this, NULL);
        sigprocmask(SIG_BLOCK, &just_this, NULL);
    }
    int was = continued;
    continued = 0;
    return was;
}

static int put_output(int c) { return putc(c, output); }

// Keypad mode (the arrow keys' form) on again, once the terminal is ours again: endwin switched it
// off, and curses would send it only when it next reads a key (the first arrow came in the other
// form, and a terminal showed the mode off until then: helper-45 after Ctrl-Z and `fg`).
static void keypad_again(void) {
    if (keypad_xmit && keypad_xmit != (char *)-1) tputs(keypad_xmit, 1, put_output);
    fflush(output);
}

// Whether the program is in its terminal's foreground process group (a job-control shell moves it
// out with `bg`; a stopped job it sends a signal with `kill` is continued in the background).
static int in_foreground(void) {
    pid_t owner = tcgetpgrp(output_fd);
    return owner < 0 || owner == getpgrp();
}

static int terminal_given_back = 0;
int cs_terminal_given_back(void) { return terminal_given_back; }

// After a stop: continued in the background, the terminal is not the program's to set or draw on
// (setting its modes from there stopped the program again, for good: `kill %1` on a suspended
// carousel left it "Stopped (tty output)" with the signal pending). A signal that ends the program,
// sent with the continue, is taken, and the terminal is left as the stop left it; without one the
// program stops again, as the terminal would stop it, until it is in the foreground. Returns
// whether the terminal is the program's again.
static int back_in_foreground(void) {
    int wait_ms = 50;
    while (!in_foreground()) {
        sigset_t pending;
        sigpending(&pending);
        for (int sig = 1; sig < NSIG && !pending_signal; sig++) {
            if (sig != SIGCONT && sig != SIGTSTP && sig != SIGWINCH && sigismember(&waited_signals, sig) == 1
                && sigismember(&pending, sig) == 1) pending_signal = sig;
        }
        if (pending_signal) {
            terminal_given_back = 1;
            motion_tracking = 0;
            return 0;
        }
        kill(0, SIGTTOU);
        forget_continue();
        // A process group no shell looks after is not stopped: it waits for the foreground (or
        // a signal), looking again less and less often, up to once a second.
        if (!in_foreground()) {
            struct timespec pause = {.tv_sec = wait_ms / 1000, .tv_nsec = (long)(wait_ms % 1000) * 1000000L};
            nanosleep(&pause, NULL);
            wait_ms = wait_ms * 2 > 1000 ? 1000 : wait_ms * 2;
        }
    }
    return 1;
}

int cs_take_continued(void) {
    if (!continued) return 0;
    continued = 0;
    if (!screen || isendwin()) return 0;
    if (!back_in_foreground()) return 0;
    // Raw input without echo, no output processing: the modes saved as curses' program mode.
    reset_prog_mode();
    // What a program run from the shell meanwhile may have left otherwise (vi leaves the
    // alternate screen and switches the mouse off): the alternate screen, keypad mode (the arrow
    // keys' form), the cursor's look and the mouse reports in the form curses reads, on the
    // terminal we draw on (standard output may be a script's capture: `x=$(carousel --pick)`).
    // The whole screen is drawn again after this.
    if (enter_ca_mode && enter_ca_mode != (char *)-1) tputs(enter_ca_mode, 1, put_output);
    keypad_again();
    int cursor = curs_set(0);
    if (cursor != ERR) curs_set(cursor == 0 ? 1 : cursor);
    if (cursor != ERR) curs_set(cursor);
    mmask_t mask = 0;
    if (mousemask(0, &mask) != ERR && mask) mousemask(mask, NULL);
    int clamped = clamp_size_in_environment();
    doupdate();  // sends what curses holds (the cursor's look, the mouse mode)
    unclamp_size_in_environment(clamped);
    leave_sgr_reports_to_us();
    if (motion_tracking) set_motion_tracking(1);
    set_bracketed_paste(1);
    // A resize while stopped was signalled to the shell, which had the terminal, not to us: the
    // size is asked of the terminal itself, so that the redraw is at the size it has now.
    resize_curses();
    return 1;
}

int cs_wake_setup(void) {
    if (wake_fd < 0) wake_fd = eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
    return wake_fd < 0 ? -1 : 0;
}

void cs_wake(void) {
    uint64_t one = 1;
    if (wake_fd >= 0 && write(wake_fd, &one, sizeof one) < 0) return;
}

int cs_wait(int timeout_ms) {
    if (pending_signal) return -1;
    struct pollfd fds[2] = {{.fd = input_fd, .events = POLLIN}, {.fd = wake_fd, .events = POLLIN}};
    struct pollfd *fd = &fds[0];
    struct timespec limit = {.tv_sec = timeout_ms / 1000, .tv_nsec = (long)(timeout_ms % 1000) * 1000000L};
    int r = ppoll(fds, wake_fd >= 0 ? 2 : 1, timeout_ms < 0 ? NULL : &limit, signals_blocked ? &mask_before : NULL);
    if (r < 0) return errno == EINTR ? -1 : 1;
    // After a timeout nothing waited for is pending (ppoll would have been interrupted): no
    // sigpending call on the frames of an animation.
    if (r > 0) deliver_pending_signals();
    if (pending_signal) return -1;
    if (r > 0 && wake_fd >= 0 && (fds[1].revents & POLLIN)) {
        uint64_t count;
        if (read(wake_fd, &count, sizeof count) < 0) count = 0;
        woken = 1;
        if (!(fd->revents & (POLLIN | POLLHUP | POLLERR | POLLNVAL))) return 2;
    }
    // The terminal is gone (hung up or closed): there will never be input again. On Linux a hung-up
    // terminal reports POLLIN with POLLHUP, and reading it gives 0 bytes.
    if (r > 0 && (fd->revents & (POLLHUP | POLLERR | POLLNVAL))) {
        pending_signal = SIGHUP;
        return -1;
    }
    if (r > 0 && (fd->revents & POLLIN)) {
        int available = 0;
        if (ioctl(input_fd, FIONREAD, &available) == 0 && available == 0) {
            pending_signal = SIGHUP;
            return -1;
        }
    }
    return r > 0 ? 1 : 0;
}

static int translate_key(int key) {
    switch (key) {
    case KEY_LEFT: return CS_KEY_LEFT;
    case KEY_RIGHT: return CS_KEY_RIGHT;
    case KEY_UP: return CS_KEY_UP;
    case KEY_DOWN: return CS_KEY_DOWN;
    // (Where the terminfo entry names the keys by a VT220's keypad, `TERM=vt220` or `rxvt`, the
    // Home and End of a PC keyboard (PuTTY's, tmux's `ESC [ 1 ~` and `ESC [ 4 ~`) are its Find and
    // Select: End did nothing; helper-88.)
    case KEY_HOME: case KEY_FIND: return CS_KEY_HOME;
    case KEY_END: case KEY_SELECT: return CS_KEY_END;
    case KEY_PPAGE: return CS_KEY_PPAGE;
    case KEY_NPAGE: return CS_KEY_NPAGE;
    case KEY_BTAB: return CS_KEY_BTAB;
    case KEY_ENTER: return CS_KEY_ENTER;
    case KEY_BACKSPACE: return CS_KEY_BACKSPACE;
    default: return CS_KEY_OTHER;
    }
}

// A report can carry a press and a release at once (a quick tap); the release comes next.
static int pending_release = 0, pending_x = 0, pending_y = 0;

// One key or character from curses, as wget_wch gives them (OK and a character, KEY_CODE_YES and
// a key, ERR: nothing waiting), but with the UTF-8 read here from curses' bytes: wget_wch, given a
// byte that begins no character (0xFF, a Latin-1 letter pasted), went on taking the bytes after it
// in search of one and dropped them all: the keys typed with it, and in a paste its closing bracket,
// so the carousel took every key after it as pasted text until Ctrl-C (helper-64). Here a byte that
// begins or continues no character is U+FFFD, and what follows it is read as it would have been.
static int read_character(wint_t *result) {
    int c = wgetch(keys);
    if (c == ERR) return ERR;
    if (c >= KEY_MIN) {
        *result = (wint_t)c;
        return KEY_CODE_YES;
    }
    c &= 0xFF;
    // Another locale (Latin-1, EUC-JP, GB18030): its characters as it reads them, a byte at a
    // time (a character of several bytes waits for its rest as below), U+FFFD where they are none.
    if (c >= 0x80 && !utf8_locale) {
        wchar_t wide = 0;
        char byte = (char)c;
        mbstate_t state;
        memset(&state, 0, sizeof state);
        size_t read = mbrtowc(&wide, &byte, 1, &state);
        for (int i = 0; read == (size_t)-2 && i < 8; i++) {
            int next = wgetch(keys);
            if (next == ERR) {
                struct pollfd rest = {.fd = input_fd, .events = POLLIN};
                if (poll(&rest, 1, 50) > 0) next = wgetch(keys);
            }
            if (next == ERR || next >= KEY_MIN) {
                if (next != ERR) ungetch(next);
                break;
            }
            byte = (char)(next & 0xFF);
            read = mbrtowc(&wide, &byte, 1, &state);
        }
        *result = read == (size_t)-1 || read == (size_t)-2 ? 0xFFFD : (wint_t)wide;
        return OK;
    }
    int more = c < 0x80 ? 0 : c >= 0xC2 && c <= 0xDF ? 1 : c >= 0xE0 && c <= 0xEF ? 2 : c >= 0xF0 && c <= 0xF4 ? 3 : -1;
    if (more < 0) {
        *result = 0xFFFD;
        return OK;
    }
    uint32_t code = more == 0 ? (uint32_t)c : (uint32_t)c & (0x3Fu >> more);
    for (int i = 0; i < more; i++) {
        int next = wgetch(keys);
        // The rest of a character a read cut in two (a long paste) comes a moment later.
        if (next == ERR) {
            struct pollfd rest = {.fd = input_fd, .events = POLLIN};
            if (poll(&rest, 1, 50) > 0) next = wgetch(keys);
        }
        if (next == ERR || next >= KEY_MIN || (next & 0xC0) != 0x80) {
            // What broke the character off is read next, as itself.
            if (next != ERR) ungetch(next);
            *result = 0xFFFD;
            return OK;
        }
        code = code << 6 | ((uint32_t)next & 0x3F);
    }
    // Overlong forms, UTF-16 surrogates and what lies past U+10FFFF are no characters either.
    int too_short = (more == 2 && code < 0x800) || (more == 3 && code < 0x10000);
    *result = too_short || (code >= 0xD800 && code <= 0xDFFF) || code > 0x10FFFF ? 0xFFFD : (wint_t)code;
    return OK;
}

int cs_read(cs_event *event) {
    memset(event, 0, sizeof *event);
    if (resized) {
        resized = 0;
        if (screen && !isendwin()) resize_curses(); else learn_size();
        event->kind = CS_EVENT_RESIZE;
        return 1;
    }
    if (pending_release) {
        pending_release = 0;
        event->kind = CS_EVENT_MOUSE;
        event->mouse = CS_MOUSE_RELEASE;
        event->x = pending_x;
        event->y = pending_y;
        return 1;
    }
    wint_t ch = 0;
    int r;
again:
    r = read_character(&ch);
    if (r == ERR) return 0;
    if (r == KEY_CODE_YES) {
        if (ch == KEY_MOUSE) {
            MEVENT m;
            if (getmouse(&m) != OK) goto again;
            event->kind = CS_EVENT_MOUSE;
            event->x = m.x;
            event->y = m.y;
            if (m.bstate & BUTTON4_PRESSED) event->mouse = CS_MOUSE_WHEEL_UP;
            else if (m.bstate & BUTTON5_PRESSED) event->mouse = CS_MOUSE_WHEEL_DOWN;
            else if (m.bstate & BUTTON1_PRESSED) {
                event->mouse = CS_MOUSE_PRESS;
                if (m.bstate & (BUTTON1_RELEASED | BUTTON1_CLICKED)) {
                    pending_release = 1;
                    pending_x = m.x;
                    pending_y = m.y;
                }
            }
            else if (m.bstate & BUTTON1_CLICKED) {
                event->mouse = CS_MOUSE_PRESS;
                pending_release = 1;
                pending_x = m.x;
                pending_y = m.y;
            }
            else if (m.bstate & BUTTON1_RELEASED) event->mouse = CS_MOUSE_RELEASE;
            else if (m.bstate & REPORT_MOUSE_POSITION) event->mouse = CS_MOUSE_DRAG;
            else goto again;  // another button's: passed over, and what came after it read
            return 1;
        }
        if (ch == KEY_RESIZE) {
            // Curses queues one after each resizeterm, ours included: a resize already reported
            // (the size unchanged since) is not reported again (each report repaints the whole
            // screen; helper-90 saw every resize drawn twice).
            int had_rows = known_rows, had_columns = known_columns;
            learn_size();
            if (had_rows == known_rows && had_columns == known_columns) goto again;
            if (screen && !isendwin()) resize_curses();
            event->kind = CS_EVENT_RESIZE;
        } else {
            event->kind = CS_EVENT_KEY;
            event->key = translate_key((int)ch);
        }
        return 1;
    }
    event->kind = CS_EVENT_CHAR;
    event->ch = (uint32_t)ch;
    return 1;
}

// Back from a stop or a command: the terminal taken again, curses told to repaint everything, at
// the size the terminal has now. A resize while away is in that size: its flag goes (it made one
// more full repaint after an editor the window was resized under: helper-90).
static void take_terminal_again(int tracking) {
    reset_prog_mode();
    keypad_again();
    clearok(curscr, TRUE);
    resized = 0;
    int clamped = clamp_size_in_environment();
    doupdate();
    unclamp_size_in_environment(clamped);
    learn_size();
    leave_sgr_reports_to_us();  // (ncurses switched its mouse key on again: helper-79)
    if (tracking) set_motion_tracking(1);
    set_bracketed_paste(1);
}

int cs_suspend(void) {
    int tracking = motion_tracking;
    if (tracking) set_motion_tracking(0);
    leave_screen();
    def_prog_mode();
    endwin();
    // Stop with the default action (not ncurses' own handler, which would leave curses again).
    struct sigaction stop, previous;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    // (Ignored for a moment first: a stop request already pending, the one this suspend answers
    // or another that came with it, is discarded, or it would stop the program a second time.)
    struct sigaction ignore = stop;
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGTSTP, &ignore, &previous);
    sigaction(SIGTSTP, &stop, NULL);
    let_stop_in(1);
    // The whole process group, as the terminal's own Ctrl-Z would. In a group no job-control shell
    // looks after (the program started directly in a terminal window) the stop is discarded, and
    // this goes on at once.
    kill(0, SIGTSTP);
    let_stop_in(0);
    sigaction(SIGTSTP, &previous, NULL);
    stop_requested = 0;
    int stopped = forget_continue();
    if (!back_in_foreground()) return stopped;
    // Continued (or never stopped): take the terminal again and repaint everything.
    take_terminal_again(tracking);
    return stopped;
}

// Sends `signal` to the processes `pid` started, and theirs, then to `pid`: an editor run
// through `sh -c` (which runs its last command as a child, not in its place) is the shell's child,
// and a kill passed on to the shell alone ended it and left the editor running on the terminal
// (helper-34). The children are read from /proc (Linux lists them per thread).
static void signal_tree(pid_t pid, int signal, int depth) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
    DIR *tasks = depth < 8 ? opendir(path) : NULL;
    if (tasks) {
        struct dirent *task;
        while ((task = readdir(tasks))) {
            if (task->d_name[0] == '.') continue;
            char children_path[128];
            snprintf(children_path, sizeof children_path, "/proc/%d/task/%s/children", (int)pid, task->d_name);
            FILE *children = fopen(children_path, "re");
            if (!children) continue;
            int child;
            while (fscanf(children, "%d", &child) == 1) signal_tree((pid_t)child, signal, depth + 1);
            fclose(children);
        }
        closedir(tasks);
    }
    kill(pid, signal);
}

// A command that failed (an exit status other than 0, or a signal other than the ones a user
// sends to stop it) leaves what it said on the terminal until Enter is pressed: the carousel's
// redraw wiped its error at once, and only "ended with exit status 1" was left (helper-61). As
// vim's `:!` and less's `!` wait. Not when a signal to end the carousel came meanwhile.
static void wait_after_failure(int wait_status) {
    int failed = WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) != 0
        : WIFSIGNALED(wait_status) && WTERMSIG(wait_status) != SIGINT && WTERMSIG(wait_status) != SIGQUIT
          && WTERMSIG(wait_status) != SIGTERM && WTERMSIG(wait_status) != SIGHUP && WTERMSIG(wait_status) != SIGKILL;
    if (!failed || pending_signal) return;
    char said[96];
    int n = WIFEXITED(wait_status)
        ? snprintf(said, sizeof said, "\r\ncarousel: the command ended with exit status %d; press Enter to go back", WEXITSTATUS(wait_status))
        : snprintf(said, sizeof said, "\r\ncarousel: the command ended by signal %d; press Enter to go back", WTERMSIG(wait_status));
    if (n > 0 && write(output_fd, said, (size_t)n) < 0) return;
    // The terminal is in the shell's modes (lines, echoed): a read ends at Enter. Signals come
    // in only while it waits, as in cs_wait.
    for (;;) {
        struct pollfd key = {.fd = input_fd, .events = POLLIN};
        int r = ppoll(&key, 1, NULL, signals_blocked ? &mask_before : NULL);
        if (pending_signal) return;
        // Ctrl-Z: back to the cards, and the loop, woken, stops there as for any Ctrl-Z (it was
        // taken only after the next key; review).
        if (stop_requested) {
            cs_wake();
            return;
        }
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0 || (key.revents & (POLLHUP | POLLERR | POLLNVAL))) return;
        char line[256];
        ssize_t got = read(input_fd, line, sizeof line);
        if (got <= 0 || memchr(line, '\n', (size_t)got) || memchr(line, '\r', (size_t)got)) return;
    }
}

int cs_run_outside(char *const argv[], int *wait_status) {
    int tracking = motion_tracking;
    if (tracking) set_motion_tracking(0);
    leave_screen();
    def_prog_mode();
    endwin();
    // The command gets the terminal as its standard input and output (ours may be a deck piped in,
    // or a script capturing the choice), the real standard error (ours is held while curses runs),
    // every signal at its default and none blocked.
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    if (input_fd != STDIN_FILENO) posix_spawn_file_actions_adddup2(&actions, input_fd, STDIN_FILENO);
    if (output_fd != STDOUT_FILENO) posix_spawn_file_actions_adddup2(&actions, output_fd, STDOUT_FILENO);
    if (held_stderr >= 0) posix_spawn_file_actions_adddup2(&actions, held_stderr, STDERR_FILENO);
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    // And nothing else of ours, whoever opened it: a worker's file opened without close-on-exec
    // (libhyphen's dictionary, read while the command started on a busy machine) was the
    // command's too.
    posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
    posix_spawnattr_t attributes;
    posix_spawnattr_init(&attributes);
    sigset_t all, none;
    sigfillset(&all);
    sigemptyset(&none);
    posix_spawnattr_setsigdefault(&attributes, &all);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK);
    // As system(3) does: while the command runs, the interrupt and quit keys are its own, and one
    // it receives does not end the carousel after it. Ctrl-Z stops the carousel with it (the
    // default action; ncurses' own handler would redraw the carousel over the command on `fg`).
    struct sigaction ignore, stop, old_interrupt, old_quit, old_stop;
    memset(&ignore, 0, sizeof ignore);
    ignore.sa_handler = SIG_IGN;
    sigemptyset(&ignore.sa_mask);
    stop = ignore;
    stop.sa_handler = SIG_DFL;
    sigaction(SIGINT, &ignore, &old_interrupt);
    sigaction(SIGQUIT, &ignore, &old_quit);
    // (Ignored for a moment first: a stop request pending from before the command is discarded,
    // or it would stop the carousel alone while the command has the terminal.)
    sigaction(SIGTSTP, &ignore, &old_stop);
    sigaction(SIGTSTP, &stop, NULL);
    pid_t pid = 0;
    int result = posix_spawn(&pid, argv[0], &actions, &attributes, argv, environ);
    if (result == 0) {
        let_stop_in(1);
        // A hang-up or a kill while the command runs is passed on to it, then the command is
        // waited for: the carousel, blocking them, waited for an editor that never read the
        // terminal, so never learnt it was gone (helper-19: a closed pane left both running).
        // The command's end is waited for in ppoll on a descriptor of it, which lets the signals
        // in only while it waits: one that came between a look at the flag and a plain waitpid
        // would have gone unseen until the command ended (helper-23).
#ifdef SYS_pidfd_open
        int process = signals_blocked ? (int)syscall(SYS_pidfd_open, pid, 0) : -1;
#else
        int process = -1;  // (headers older than Linux 5.3: the plain wait below)
#endif
        int passed_on = 0;
        if (process >= 0) {
            for (;;) {
                if (pending_signal && !passed_on) {
                    signal_tree(pid, pending_signal, 0);
                    passed_on = 1;
                }
                struct pollfd ended = {.fd = process, .events = POLLIN};
                int r = ppoll(&ended, 1, NULL, &mask_before);
                if (r > 0 || (r < 0 && errno != EINTR)) break;
            }
            close(process);
            while (waitpid(pid, wait_status, 0) < 0 && errno == EINTR) {}
        } else {
            if (signals_blocked) sigprocmask(SIG_UNBLOCK, &waited_signals, NULL);
            for (;;) {
                if (pending_signal && !passed_on) {
                    signal_tree(pid, pending_signal, 0);
                    passed_on = 1;
                }
                if (waitpid(pid, wait_status, 0) >= 0 || errno != EINTR) break;
            }
            if (signals_blocked) sigprocmask(SIG_BLOCK, &waited_signals, NULL);
        }
        let_stop_in(0);
    }
    // A signal both blocked and ignored stays pending on Linux; setting SIG_IGN again discards it
    // (POSIX), so a Ctrl-C typed to the command does not end the carousel once it is back.
    sigaction(SIGINT, &ignore, NULL);
    sigaction(SIGQUIT, &ignore, NULL);
    sigaction(SIGINT, &old_interrupt, NULL);
    sigaction(SIGQUIT, &old_quit, NULL);
    sigaction(SIGTSTP, &old_stop, NULL);
    stop_requested = 0;
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    forget_continue();
    if (!back_in_foreground()) return result;
    if (result == 0) wait_after_failure(*wait_status);
    // Back: take the terminal again and repaint everything.
    take_terminal_again(tracking);
    return result;
}

int cs_exit_code(int wait_status) { return WIFEXITED(wait_status) ? WEXITSTATUS(wait_status) : -1; }
int cs_term_signal(int wait_status) { return WIFSIGNALED(wait_status) ? WTERMSIG(wait_status) : 0; }
