// The main thread runs the main run loop, as on iOS.
//
// A program whose `main` is `async` (Swift Testing's runner, `@main` types with `static func main() async`)
// hands its main thread to the concurrency runtime, which on Linux calls `dispatch_main()`: the main thread
// exits, the main queue is drained by a worker thread, `Thread.isMainThread` is false inside `@MainActor`
// code, and `RunLoop.main` (timers, `perform`, Vitrine's frame work) never turns. On Apple platforms the same
// runtime function runs `CFRunLoopRun()` instead, so the main thread serves the main queue through the run
// loop. The runtime exports a hook for exactly this function; installing it when the program loads gives
// Linux the Apple behaviour. Programs with a synchronous `main` (UIApplicationMain, XCTest) are unaffected.
#include "vitrine_shims.h"
#include <stddef.h>
#include <stdlib.h>

// Declared by the Swift runtime (libswift_Concurrency): the hook's type is
//   void (*)(void (*original)(void), void (*compatibilityOverride)(void)), all with the Swift calling convention.
typedef void (*vitrine_drain_fn)(void) __attribute__((swiftcall));
typedef void (*vitrine_drain_hook)(vitrine_drain_fn original, vitrine_drain_fn compatibility) __attribute__((swiftcall));
extern vitrine_drain_hook swift_task_asyncMainDrainQueue_hook __attribute__((weak));

// From CoreFoundation (part of Foundation on Linux). Weak: a program that does not load Foundation keeps the
// runtime's own behaviour.
typedef const void *vitrine_cfstring;
extern const vitrine_cfstring kCFRunLoopDefaultMode __attribute__((weak));
extern int CFRunLoopRunInMode(vitrine_cfstring mode, double seconds, unsigned char returnAfterSourceHandled)
    __attribute__((weak));

static _Bool installed;

__attribute__((swiftcall, noreturn))
static void vitrine_run_main_run_loop(vitrine_drain_fn original, vitrine_drain_fn compatibility) {
    (void)compatibility;
    if (CFRunLoopRunInMode == NULL || &kCFRunLoopDefaultMode == NULL) {
        original();
        abort(); // `original` (dispatch_main) never returns
    }
    // The default mode of the main run loop is never empty (it stands for the main queue), so each run lasts
    // until someone stops it; a stopped run (CFRunLoopStop) must not end the process: turn it again. The
    // program ends when its main task calls exit(), as with dispatch_main().
    for (;;) CFRunLoopRunInMode(kCFRunLoopDefaultMode, 1.0e10, 0);
}

__attribute__((constructor))
static void vitrine_install_main_run_loop_hook(void) {
    if (&swift_task_asyncMainDrainQueue_hook == NULL || CFRunLoopRunInMode == NULL) return;
    if (swift_task_asyncMainDrainQueue_hook != NULL) return; // someone else's hook wins
    swift_task_asyncMainDrainQueue_hook = vitrine_run_main_run_loop;
    installed = 1;
}

_Bool vitrine_main_thread_runs_main_run_loop(void) { return installed; }
