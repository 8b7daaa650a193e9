// Text segmentation through ICU's break iterators (the rules of UAX #29 and #14, with ICU's dictionaries for
// scripts written without spaces), reduced to one call that Swift can import.
#ifndef VITRINE_TEXT_BOUNDARIES_H
#define VITRINE_TEXT_BOUNDARIES_H

#include <stdint.h>

/// What to find the boundaries of.
enum vitrine_boundary_kind {
    VITRINE_BOUNDARY_GRAPHEME = 0,
    VITRINE_BOUNDARY_WORD = 1,
    VITRINE_BOUNDARY_LINE = 2,
    VITRINE_BOUNDARY_SENTENCE = 3,
};

/// Writes the boundaries of `text` (UTF-16, `length` units), first 0 and last `length`, to `boundaries`, and for
/// each segment after a boundary whether it is a word (letters, numbers or ideographs; not spaces or punctuation)
/// to `is_word` (word boundaries only; may be NULL). Returns how many boundaries there are (more than `capacity`
/// means only `capacity` were written), or -1 when ICU fails.
int32_t vitrine_text_boundaries(int kind, const uint16_t *text, int32_t length, const char *locale,
                                int32_t *boundaries, uint8_t *is_word, int32_t capacity);

#endif
