#!/usr/bin/env python3
"""Reads kiwi's enaml-like benchmark (its C++ source, from PyPI's kiwisolver source distribution) and writes its constraint set as
data both layout benchmarks read (Vitrine's solver and kiwi through Tools/bench/kiwisolver-driver.cpp), so the two solve
exactly the same system. Nothing of kiwi is kept in this repository: the form is extracted at run time.

Output, one constraint a line:  STRENGTH RELATION CONSTANT [COEFFICIENT VARIABLE]...
  STRENGTH: a number (kiwi's strength::create values; "required" for required), RELATION: == <= >=
The first line names the edit variables and their strength: "edit STRENGTH NAME..."."""
import re
import sys


def strength(a, b, c, w=1.0):
    # kiwi's strength::create: three tiers of 1000 each, each clipped to 1000.
    return min(max(a * w, 0), 1000) * 1e6 + min(max(b * w, 0), 1000) * 1e3 + min(max(c * w, 0), 1000)


NAMED = {"strength::strong": strength(1, 0, 0), "strength::medium": strength(0, 1, 0),
         "strength::weak": strength(0, 0, 1), "strength::required": "required"}


def main(source, out):
    text = open(source).read()
    custom = {}
    for name, args in re.findall(r"double\s+(\w+)\s*=\s*strength::create\(([^)]*)\)", text):
        custom[name] = strength(*[float(a) for a in args.split(",")])
    edits = re.findall(r"addEditVariable\(\s*(\w+)\s*,\s*(strength::\w+)\s*\)", text)
    lines = ["edit %s %s" % (NAMED[edits[0][1]], " ".join(v for v, _ in edits))]
    for expr, op, rhs, st in re.findall(r"\(([^()]*?)\s*(==|<=|>=)\s*([-\d.e+]+)\)\s*\|\s*([\w:]+)", text):
        terms = []
        constant = -float(rhs)
        # Split the sum on its plus signs, not on an exponent's ("1.67772e+07").
        for token in re.sub(r"(\d)e\+", r"\1E", expr.replace(" ", "")).split("+"):
            token = token.replace("E", "e+")
            if not token:
                continue
            if re.fullmatch(r"-?[\d.]+(e[-+]?\d+)?", token):
                constant += float(token)
                continue
            m = re.fullmatch(r"(-?)(?:([\d.]+(?:e[-+]?\d+)?)\*)?(\w+)", token)
            coef = float(m.group(2) or 1) * (-1 if m.group(1) else 1)
            terms.append("%r %s" % (coef, m.group(3)))
        value = NAMED.get(st, custom.get(st))
        lines.append("%s %s %r %s" % (value, op, constant, " ".join(terms)))
    open(out, "w").write("\n".join(lines) + "\n")
    print("form: %d constraints, edit variables %s" % (len(lines) - 1, [v for v, _ in edits]), file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
