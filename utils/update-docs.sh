#!/usr/bin/env bash
# Regenerates the generated docs (dialect reference from ODS, pass docs,
# supported-forms table from the instruction table) into docs/.
set -euo pipefail
cd "$(dirname "$0")/.."
cmake --build build --target mlir-doc tile-forms-doc >/dev/null
cp build/docs/Dialects/TileDialect.md docs/Dialects/TileDialect.md
cp build/docs/TilePasses.md docs/TilePasses.md
cp build/docs/TileConversionPasses.md docs/TileConversionPasses.md
cp build/docs/SupportedForms.md docs/SupportedForms.md
echo "docs regenerated"
