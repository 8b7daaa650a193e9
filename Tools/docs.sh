#!/usr/bin/env bash
# Builds the API documentation with DocC (swift-docc-plugin): UIKit, QuartzCore and CoreGraphics in one archive,
# with UIKit's articles (Sources/UIKit/UIKit.docc: your first app, porting, testing, each toolkit area, the panel
# and fbrun, AArch64, the project's tests, figures; and the architecture and boards, made from ARCHITECTURE.md and
# Board/README.md by Tools/docs/articles.py), for static hosting in out/docs; then checks that every public symbol and
# member is Apple's (by prefix; Tools/docs/apple-members.txt) or a documented Vitrine addition (Tools/docs/public-api.py).
# Usage: Tools/docs.sh [--serve [PORT]]   --serve: then serve it at http://localhost:PORT/documentation/uikit
# (DocC's pages load their content with JavaScript, so they need a web server, not file:// URLs).
set -euo pipefail
cd "$(dirname "$0")/.."
source Tools/env.sh
bash Tools/setup.sh >/dev/null
python3 Tools/docs/articles.py
rm -rf out/docs
mkdir -p out
swift package --allow-writing-to-directory out/docs generate-documentation \
  --target UIKit --target QuartzCore --target CoreGraphics --enable-experimental-combined-documentation \
  --transform-for-static-hosting --output-path out/docs 2>&1 | tail -n 3
test -f out/docs/index.html || { echo "docs: DocC wrote no out/docs/index.html"; exit 1; }
test -d out/docs/documentation/uikit || { echo "docs: no UIKit pages in out/docs"; exit 1; }
for article in yourfirstapp portinganiosapp testingyourapp architecture panelandfbrun boards aarch64 animations \
    autolayout controls scrollingandlists touchandkeys viewcontrollers textinput drawing projecttests figures \
    configuration; do
  test -f "out/docs/data/documentation/uikit/$article.json" || { echo "docs: the article $article is missing"; exit 1; }
done
echo "docs: $(find out/docs/data/documentation -name '*.json' | wc -l) pages in $(pwd)/out/docs"
# The public API is Apple's names plus the listed additions (implementation types are `package`).
python3 Tools/docs/public-api.py out/docs/data/documentation
# ...and all of its main-actor part is `@preconcurrency`, as Apple's SDK imports UIKit (Swift 5 callers).
python3 Tools/checks/preconcurrency.py
if [ "${1:-}" = "--serve" ]; then
  port=${2:-8000}
  echo "docs: http://localhost:$port/documentation/uikit (Ctrl-C stops the server)"
  exec python3 -m http.server --directory out/docs "$port"
fi
echo "to read it: bash Tools/docs.sh --serve, then open http://localhost:8000/documentation/uikit"
