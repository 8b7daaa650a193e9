#!/usr/bin/env python3
"""The public API gate: every top-level public symbol of UIKit, QuartzCore and CoreGraphics (from the DocC archive
Tools/docs.sh writes) must be Apple's name or a Vitrine addition listed, with where it is documented, in
Tools/docs/vitrine-api.txt. Implementation types use `package` access and do not appear.

Apple's names are recognised by their prefixes (UI, NS, CA, CG, CF, kCA): a new symbol with such a name that is not
Apple's is the reviewer's to catch. Extensions of other modules' types appear as their module (Foundation, Swift).

usage: public-api.py DOCS_DATA_DIR   (out/docs/data/documentation)
"""
import glob
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
APPLE_PREFIXES = ("UI", "NS", "CA", "CG", "CF", "kCA")
EXTENDED_MODULES = {"Foundation", "FoundationEssentials", "Swift", "Dispatch"}
MODULES = {"uikit": "UIKit", "quartzcore": "QuartzCore", "coregraphics": "CoreGraphics"}


def listed_additions():
    """{(module, name)} from vitrine-api.txt: lines "Module Name  documented where"; # starts a comment."""
    additions = set()
    with open(os.path.join(HERE, "vitrine-api.txt")) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                module, name = line.split()[:2]
                additions.add((module, name))
    return additions


def main():
    data = sys.argv[1]
    additions = listed_additions()
    unknown, seen = [], set()
    for folder, module in MODULES.items():
        for path in sorted(glob.glob(os.path.join(data, folder, "*.json"))):
            page = json.load(open(path))
            if page.get("kind") != "symbol":
                continue
            name = page.get("metadata", {}).get("title", "")
            seen.add((module, name))
            if name.startswith(APPLE_PREFIXES) or name in EXTENDED_MODULES or (module, name) in additions:
                continue
            unknown.append(f"{module}.{name}")
    stale = sorted(f"{m}.{n}" for m, n in additions - seen)
    if stale:
        print(f"public API: listed in vitrine-api.txt but no longer public: {', '.join(stale)}")
    if unknown:
        print(f"public API: neither Apple's nor a listed Vitrine addition: {', '.join(unknown)}\n"
              "  make it `package` (an implementation type) or document it and list it in Tools/docs/vitrine-api.txt")
        return 1
    print(f"public API: {len(seen)} top-level symbols, each Apple's or a listed addition")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
