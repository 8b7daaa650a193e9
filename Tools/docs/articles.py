#!/usr/bin/env python3
"""Writes the DocC articles of UIKit's documentation catalog that come from documents kept elsewhere in the
repository, so each text has one source: ARCHITECTURE.md and Board/README.md. (The other articles are their own
source, beside UIKit.md in the catalog.) Run by Tools/docs.sh before DocC; the output
(Sources/UIKit/UIKit.docc/Generated/) is not committed.

Each article: (file name, title, summary, [(source, section heading or None for the whole file)]).
"""
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(ROOT, "Sources", "UIKit", "UIKit.docc", "Generated")

ARTICLES = [
    ("Architecture", "Architecture",
     "The layers, the main run loop, the flow of one frame, the coordinate spaces, and where things live.",
     [("ARCHITECTURE.md", None)]),
    ("Boards", "Boards",
     "The board file: the panel's display, touch, keyboard and power, and how an app picks its board.",
     [("Board/README.md", None)]),
]


def section(text, heading):
    """The body of the '## heading' section (up to the next '## '), its own '###' kept."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip() == f"## {heading}")
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    return lines[start + 1:end]


def whole(text):
    """A document without its first-level title."""
    lines = text.splitlines()
    return lines[1:] if lines and lines[0].startswith("# ") else lines


def main():
    os.makedirs(OUT, exist_ok=True)
    # (Articles this script no longer makes would be found twice by DocC.)
    for stale in os.listdir(OUT):
        os.remove(os.path.join(OUT, stale))
    for name, title, summary, parts in ARTICLES:
        body = [f"# {title}", "", summary, ""]
        for source, heading in parts:
            text = open(os.path.join(ROOT, source), encoding="utf-8").read()
            lines = whole(text) if heading is None else section(text, heading)
            if heading is not None and len(parts) > 1:
                body += [f"## {heading}", ""]
            # Links to files of the repository mean nothing in the documentation: keep their text.
            body += [re.sub(r"\[([^\]]+)\]\((?!https?:)[^)]+\)", r"\1", line) for line in lines]
            body.append("")
        with open(os.path.join(OUT, name + ".md"), "w", encoding="utf-8") as f:
            f.write("\n".join(body).rstrip() + "\n")
    print(f"articles: {', '.join(a[0] for a in ARTICLES)} in {os.path.relpath(OUT, ROOT)}")


if __name__ == "__main__":
    main()
