// The only file that includes hyphen.h: libhyphen (the hyphenation library of LibreOffice and
// others) with the TeX patterns Debian ships in /usr/share/hyphen.
#include "chyphen.h"

#include <hyphen.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define LANGUAGES 2

static const char *const dictionaryPaths[LANGUAGES][3] = {
    {"/usr/share/hyphen/hyph_en_US.dic", "/usr/share/hyphen/hyph_en_GB.dic", "/usr/share/hyphen/hyph_en.dic"},
    {"/usr/share/hyphen/hyph_fr.dic", "/usr/share/hyphen/hyph_fr_FR.dic", "/usr/share/hyphen/hyph_fr_CA.dic"},
};

static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;
static HyphenDict *dictionaries[LANGUAGES];
static int looked[LANGUAGES];

static HyphenDict *dictionary(int language) {
    pthread_mutex_lock(&loading);
    if (!looked[language]) {
        looked[language] = 1;
        for (int i = 0; i < 3 && !dictionaries[language]; i++) dictionaries[language] = hnj_hyphen_load(dictionaryPaths[language][i]);
    }
    HyphenDict *found = dictionaries[language];
    pthread_mutex_unlock(&loading);
    return found;
}

int chyphen_points(int language, const char *word, int length, int count, char *points) {
    memset(points, 0, (size_t)count);
    if (language < 0 || language >= LANGUAGES || length <= 0 || count <= 0) return -1;
    HyphenDict *dict = dictionary(language);
    if (!dict) return -1;
    // A UTF-8 dictionary counts its vector in characters; a Latin-1 one is given the word in
    // Latin-1, one byte a character.
    char *text = malloc((size_t)length + 1);
    if (!text) return -1;
    int size = 0;
    if (dict->utf8) {
        // (Its vector counts code points: a word of other than `count` of them is not looked up.)
        int points_in_word = 0;
        for (int i = 0; i < length; i++) points_in_word += ((unsigned char)word[i] & 0xC0) != 0x80;
        if (points_in_word != count) {
            free(text);
            return -1;
        }
        memcpy(text, word, (size_t)length);
        size = length;
    } else {
        for (int i = 0; i < length; i++) {
            unsigned char c = (unsigned char)word[i];
            if (c < 0x80) {
                text[size++] = (char)c;
            } else if ((c == 0xC2 || c == 0xC3) && i + 1 < length) {
                text[size++] = (char)(((c & 0x03) << 6) | ((unsigned char)word[++i] & 0x3F));
            } else {
                free(text);
                return -1;
            }
        }
        if (size != count) {
            free(text);
            return -1;
        }
    }
    text[size] = 0;
    char *hyphens = calloc((size_t)size + 5, 1);
    char **rep = NULL;
    int *pos = NULL, *cut = NULL;
    int failed = !hyphens || hnj_hyphen_hyphenate3(dict, text, size, hyphens, NULL, &rep, &pos, &cut, 2, 3, 2, 2) != 0;
    if (!failed) {
        // (A break that changes the letters around it, as some languages' patterns have, is left
        // out: the card shows the letters as written.)
        for (int i = 0; i < count - 1 && i < size; i++) points[i] = (hyphens[i] & 1) && !(rep && rep[i]);
    }
    if (rep) {
        for (int i = 0; i < size; i++) free(rep[i]);
        free(rep);
    }
    free(pos);
    free(cut);
    free(hyphens);
    free(text);
    return failed ? -1 : 0;
}
