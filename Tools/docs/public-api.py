#!/usr/bin/env python3
"""The public API gate, over the DocC archive Tools/docs.sh writes for UIKit, QuartzCore and CoreGraphics:

- every top-level public symbol must be Apple's name (recognised by its prefix: UI, NS, CA, CG, CF, kCA) or a Vitrine
  addition listed, with where it is documented, in Tools/docs/vitrine-api.txt;
- every public member (a type's property, method, initializer, case, nested type) must be one of Apple's members
  listed in Tools/docs/apple-members.txt, or a documented Vitrine addition: its documentation says "Vitrine", or it
  is listed in vitrine-api.txt, or its type is. Members a type inherits are checked where they are declared.

Implementation members use `package` access and do not appear. A member new to the public API fails the gate until
it is made `package`, documented as Vitrine's, or (checked against Apple's documentation) added to
apple-members.txt. Names listed there that are no longer public fail too, so the list stays the API.

usage: public-api.py DOCS_DATA_DIR   (out/docs/data/documentation)
"""
import glob
import json
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
APPLE_PREFIXES = ("UI", "NS", "CA", "CG", "CF", "kCA")
EXTENDED_MODULES = {"Foundation", "FoundationEssentials", "Swift", "Dispatch"}
MODULES = {"uikit": "UIKit", "quartzcore": "QuartzCore", "coregraphics": "CoreGraphics"}
# DocC's disambiguation suffixes (`ContentMode-swift.enum`, `init(target:action:)-4x2rh`): not part of the name.
SUFFIX = re.compile(r"-(swift\.[a-z.]+|[0-9a-z]{4,6})$")


def read_list(name):
    """{(module, path)} from a list file: lines "Module Path  # note"; # starts a comment."""
    entries = set()
    with open(os.path.join(HERE, name)) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if line:
                module, path = line.split()[:2]
                entries.add((module, path))
    return entries


def symbol_pages(data):
    """(module, path, abstract) for every symbol page; path is "Type" or "Type/member" (nested: "A/B/c")."""
    for folder, module in MODULES.items():
        for path in sorted(glob.glob(os.path.join(data, folder, "**", "*.json"), recursive=True)):
            page = json.load(open(path))
            if page.get("kind") != "symbol":
                continue
            url = page["identifier"]["url"].split("/documentation/", 1)[1]
            parts = [SUFFIX.sub("", p) for p in url.split("/")[1:]]
            abstract = "".join(x.get("text", x.get("code", "")) for x in page.get("abstract", []))
            yield module, "/".join(parts), abstract


def main():
    data = sys.argv[1]
    additions = read_list("vitrine-api.txt")
    apple = read_list("apple-members.txt")
    unknown_types, unknown_members = [], []
    types_seen, members_seen = set(), set()
    for module, path, abstract in symbol_pages(data):
        if "/" not in path:
            types_seen.add((module, path))
            if not (path.startswith(APPLE_PREFIXES) or path in EXTENDED_MODULES or (module, path) in additions):
                unknown_types.append(f"{module}.{path}")
            continue
        if abstract.startswith("Inherited from"):
            continue
        members_seen.add((module, path))
        top = path.split("/", 1)[0]
        if ((module, path) in apple or (module, path) in additions or (module, top) in additions
                or "Vitrine" in abstract):
            continue
        unknown_members.append(f"{module} {path}")
    stale = sorted(f"{m}.{p}" for m, p in additions - types_seen - members_seen)
    stale += sorted(f"{m} {p}" for m, p in apple - members_seen)
    failed = False
    if stale:
        print("public API: listed but no longer public (take them off the list):\n  " + "\n  ".join(stale))
        failed = True
    if unknown_types:
        print(f"public API: neither Apple's nor a listed Vitrine addition: {', '.join(unknown_types)}\n"
              "  make it `package` (an implementation type) or document it and list it in Tools/docs/vitrine-api.txt")
        failed = True
    if unknown_members:
        print("public API: members neither listed as Apple's nor documented as Vitrine's:\n  "
              + "\n  ".join(unknown_members)
              + "\n  make each `package`, or say in its documentation that it is Vitrine's, or (when UIKit's, Core"
              "\n  Animation's or Core Graphics' documentation has it) add its line to Tools/docs/apple-members.txt")
        failed = True
    if not failed:
        print(f"public API: {len(types_seen)} top-level symbols and {len(members_seen)} members, "
              "each Apple's or a documented Vitrine addition")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
