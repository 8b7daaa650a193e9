#include "text_boundaries.h"

#include <unicode/ubrk.h>
#include <unicode/utypes.h>

int32_t vitrine_text_boundaries(int kind, const uint16_t *text, int32_t length, const char *locale,
                                int32_t *boundaries, uint8_t *is_word, int32_t capacity) {
    UBreakIteratorType type;
    switch (kind) {
    case VITRINE_BOUNDARY_GRAPHEME: type = UBRK_CHARACTER; break;
    case VITRINE_BOUNDARY_WORD: type = UBRK_WORD; break;
    case VITRINE_BOUNDARY_LINE: type = UBRK_LINE; break;
    case VITRINE_BOUNDARY_SENTENCE: type = UBRK_SENTENCE; break;
    default: return -1;
    }
    if (length == 0) {
        if (capacity > 0) boundaries[0] = 0;
        return 1;
    }
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *it = ubrk_open(type, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || it == NULL) return -1;
    int32_t count = 0;
    for (int32_t b = ubrk_first(it); b != UBRK_DONE; b = ubrk_next(it)) {
        if (count < capacity) {
            boundaries[count] = b;
            // The rule status of the boundary just passed describes the segment that ends here: it is stored
            // with the segment's start (the previous boundary).
            if (is_word != NULL && count > 0) {
                int32_t rule = ubrk_getRuleStatus(it);
                is_word[count - 1] = (kind == VITRINE_BOUNDARY_WORD && rule >= UBRK_WORD_NONE_LIMIT) ? 1 : 0;
            }
        }
        count++;
    }
    if (is_word != NULL && count > 0 && count <= capacity) is_word[count - 1] = 0;
    ubrk_close(it);
    return count;
}
