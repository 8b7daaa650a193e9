// What the processor offers, asked once per file that includes this (a race between threads asking first is
// harmless: they write the same answer).
#ifndef VITRINE_CPU_FEATURES_H
#define VITRINE_CPU_FEATURES_H

#if defined(__x86_64__)
/// Whether the processor has AVX2.
static inline int vitrine_has_avx2(void) {
    static int known = -1;
    if (known < 0) known = __builtin_cpu_supports("avx2") ? 1 : 0;
    return known;
}
#endif

#endif
