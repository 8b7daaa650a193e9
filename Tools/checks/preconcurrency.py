#!/usr/bin/env python3
"""Fails when a public or open main-actor declaration of UIKit, QuartzCore or CoreGraphics lacks `@preconcurrency`.

Apple's SDK imports UIKit's main-actor API as `@preconcurrency @MainActor`, so Swift 5 mode code calls it from
nonisolated functions without an error; Vitrine's must be the same (the porting notes promise it). A declaration's
attributes are the `@…` lines (and words) just above it and on its own line. A main-actor extension cannot be marked
(Swift refuses `@preconcurrency` there): it is reported when it declares public members.
Usage: python3 Tools/checks/preconcurrency.py   (exit 1 and a list of file:line when some lack it)"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODULES = ["UIKit", "QuartzCore", "CoreGraphics"]
DECLARATION = re.compile(r"^\s*(?:@\S+(?:\([^)]*\))?\s+)*(?:public|open|extension)\b")


def offenders(path):
    lines = open(path, encoding="utf-8").read().split("\n")
    found = []
    for i, line in enumerate(lines):
        if not DECLARATION.match(line):
            continue
        # The attribute lines above (stopping at anything else: code, a blank line, a doc comment's end).
        attributes = [DECLARATION.match(line).group(0)] # (its own attributes, not a closure type's @MainActor)
        j = i - 1
        while j >= 0 and lines[j].strip().startswith("@"):
            attributes.append(lines[j])
            j -= 1
        text = " ".join(attributes)
        if "@MainActor" not in text or "@preconcurrency" in text:
            continue
        if re.match(r"^(?:@\S+\s+)*extension\b", line.strip()):
            # `@preconcurrency` cannot mark an extension: one whose members are public must mark them instead.
            end = next((k for k in range(i + 1, len(lines)) if lines[k].startswith("}")), len(lines))
            if not any(re.match(r"^\s+(?:@\S+\s+)*(?:public|open)\b", l) for l in lines[i + 1:end]):
                continue
        found.append(f"{os.path.relpath(path, ROOT)}:{i + 1}: {line.strip()[:100]}")
    return found


def main():
    found = []
    for module in MODULES:
        for base, _, files in os.walk(os.path.join(ROOT, "Sources", module)):
            for f in sorted(files):
                if f.endswith(".swift"):
                    found += offenders(os.path.join(base, f))
    if found:
        print("public main-actor declarations without @preconcurrency (Swift 5 callers would get errors):")
        print("\n".join("  " + f for f in found))
        return 1
    print("preconcurrency: every public main-actor declaration of " + ", ".join(MODULES) + " has it")
    return 0


if __name__ == "__main__":
    sys.exit(main())
