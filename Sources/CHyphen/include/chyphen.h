#ifndef CHYPHEN_H
#define CHYPHEN_H

/// Languages with a dictionary of hyphenation patterns (Debian's hyphen-* packages).
/// (Not German: Debian's patterns for it take 2.5 s to load here, English's 16 ms, French's 4 ms.)
enum { CHYPHEN_ENGLISH = 0, CHYPHEN_FRENCH = 1 };

/// Where a lowercase word of `count` characters, given as their UTF-8 bytes (`length` of them),
/// may be hyphenated in `language`: `points[i]` is set to 1 where a break may follow character i,
/// else 0 (`points` holds `count` bytes). At least two characters stay before a break and three
/// after it. Returns 0, or -1 when the language's dictionary is not installed or the word cannot
/// be written in its encoding (no points then). Safe from any thread: each dictionary is loaded
/// once, on first use.
int chyphen_points(int language, const char *word, int length, int count, char *points);

#endif
