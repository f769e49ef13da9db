#!/usr/bin/env python3
"""Checks the editor snippets of docs/editors.md against the editors' rules.

usage: editor_snippets.py EDITORS_MD

Helix: the TOML of the Helix section parses, and a [[language]] "cpp" entry
that sets file-types keeps Helix's own C++ extensions (cc, hpp, cu, cuh),
since file-types replaces the built-in list. Neovim: the Lua of the Neovim
section uses vim.lsp.config and vim.lsp.enable (Neovim 0.11), not
require('lspconfig'), which nvim-lspconfig deprecates. Prints one line per
check, then "ok", or the first problem and exit status 1.
"""
import re
import sys
import tomllib

HELIX_CPP = {"cc", "hpp", "cu", "cuh", "cpp", "h"}


def section(text, title):
    m = re.search(r"^## " + re.escape(title) + r".*?$(.*?)(?=^## |\Z)", text,
                  re.M | re.S)
    if not m:
        sys.exit("editor_snippets.py: no section '%s'" % title)
    return m.group(1)


def blocks(text, lang):
    return re.findall(r"^```" + lang + r"\n(.*?)^```", text, re.M | re.S)


def main():
    text = open(sys.argv[1], encoding="utf-8").read()
    helix = blocks(section(text, "Helix"), "toml")
    problems = []
    for b in helix:
        doc = tomllib.loads(b)
        for lang in doc.get("language", []):
            types = lang.get("file-types")
            if lang.get("name") == "cpp" and types is not None:
                missing = HELIX_CPP - set(t for t in types if isinstance(t, str))
                if missing:
                    problems.append("helix: file-types drops " +
                                    ", ".join(sorted(missing)))
    print("helix: %d toml block(s)" % len(helix))
    neovim = blocks(section(text, "Neovim"), "lua")
    for b in neovim:
        if "require('lspconfig')" in b or 'require("lspconfig")' in b:
            problems.append("neovim: require('lspconfig') is deprecated")
        if "vim.lsp.enable(" not in b or "vim.lsp.config(" not in b:
            problems.append("neovim: a block without vim.lsp.config and "
                            "vim.lsp.enable")
    print("neovim: %d lua block(s)" % len(neovim))
    for p in problems:
        print(p)
    print("ok" if not problems else "problems")
    sys.exit(1 if problems else 0)


main()
