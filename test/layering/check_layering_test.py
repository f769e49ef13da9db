#!/usr/bin/env python3
# ===- check_layering_test.py - The layering check catches wrong arrows ---===#
"""Runs check_layering.py on small trees written for each case, so that the
layering test of the suite is known to fail when a library includes or
links a layer above it, and to pass when it does not.

usage: check_layering_test.py
"""

import pathlib
import subprocess
import sys
import tempfile
import textwrap
import unittest

CHECKER = pathlib.Path(__file__).resolve().parent / "check_layering.py"


class LayeringCheckTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.dir.name)
        self.write("passes/support/Error.h", "#include <string>\n")
        self.write("passes/nvcc/Wrapper.h", '#include "support/Error.h"\n')
        self.write("passes/ast/Pass.cpp",
                   '#include "ast/Pass.h"\n#include "llvm/ADT/StringRef.h"\n')
        self.write("passes/ast/CMakeLists.txt",
                   "add_library(headroom_ast Pass.cpp)\n"
                   "target_link_libraries(headroom_ast PUBLIC\n"
                   "  headroom_support clang-cpp LLVM)\n")
        self.write("runtime/CMakeLists.txt",
                   "add_library(headroom_rt_core STATIC src/A.cpp)\n"
                   "target_link_libraries(headroom_rt_core PUBLIC "
                   "headroom_schema)\n"
                   "add_library(headroom_rt SHARED src/B.cpp)\n"
                   "target_link_libraries(headroom_rt PRIVATE "
                   "headroom_rt_core)\n")

    def tearDown(self):
        self.dir.cleanup()

    def write(self, rel, text):
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)

    def check(self):
        run = subprocess.run([sys.executable, str(CHECKER), str(self.root)],
                             capture_output=True, text=True)
        return run.returncode, run.stdout

    def test_downward_tree_passes(self):
        self.assertEqual(
            self.check(),
            (0, "layering: every include and link points downward\n"))

    def test_a_view_reading_a_models_results_fails(self):
        self.write("passes/views/Table.cpp",
                   "// the Models of the report\n"
                   "double x(const KernelReport &K) {\n"
                   "  return K.Models.Thesis->PredictedMs; }\n")
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("passes/views/Table.cpp:3: views reads Models", out)
        self.assertNotIn("Table.cpp:1:", out)

    def test_upward_include_fails(self):
        self.write("passes/ast/Adapter.h",
                   '// The adapter\n#include "nvcc/Wrapper.h"\n')
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn(
            'passes/ast/Adapter.h:2: ast includes "nvcc/Wrapper.h" (nvcc): '
            "ast may include llvm, nvccargs, schema, support\n", out)
        self.assertIn("1 wrong arrow(s)", out)

    def test_upward_link_fails(self):
        self.write("passes/ast/CMakeLists.txt",
                   "add_library(headroom_ast Pass.cpp)\n"
                   "target_link_libraries(headroom_ast PUBLIC headroom_nvcc\n"
                   "  headroom_support clang-cpp LLVM)\n")
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("passes/ast/CMakeLists.txt:2: headroom_ast links "
                      "headroom_nvcc: ast may use llvm, nvccargs, schema, "
                      "support\n", out)

    def test_runtime_link_above_schema_fails(self):
        self.write("runtime/CMakeLists.txt",
                   "add_library(headroom_rt_core STATIC src/A.cpp)\n"
                   "target_link_libraries(headroom_rt_core PUBLIC "
                   "headroom_views)\n")
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("runtime/CMakeLists.txt:2: headroom_rt_core links "
                      "headroom_views: runtime may use schema, support\n", out)

    def test_adapter_may_join_nvcc_and_ast(self):
        self.write("passes/nvcc/clang/Adapter.cpp",
                   '#include "nvcc/Wrapper.h"\n#include "ast/Pass.h"\n')
        self.write("passes/nvcc/clang/CMakeLists.txt",
                   "add_library(headroom_nvcc_clang Adapter.cpp)\n"
                   "target_link_libraries(headroom_nvcc_clang PUBLIC "
                   "headroom_nvcc headroom_ast)\n")
        self.assertEqual(self.check()[0], 0)

    def test_wrapper_may_not_include_the_adapter_or_ast(self):
        self.write("passes/nvcc/Wrapper.cpp",
                   '#include "nvcc/clang/Adapter.h"\n#include "ast/Pass.h"\n')
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn('passes/nvcc/Wrapper.cpp:1: nvcc includes '
                      '"nvcc/clang/Adapter.h" (nvcc/clang)', out)
        self.assertIn('passes/nvcc/Wrapper.cpp:2: nvcc includes "ast/Pass.h" '
                      "(ast)", out)

    def test_unknown_library_fails(self):
        self.write("passes/report/Old.cpp", '#include "support/Error.h"\n')
        code, out = self.check()
        self.assertEqual(code, 1)
        self.assertIn("passes/report/Old.cpp:1: passes/report is not a "
                      "library of the layering", out)


if __name__ == "__main__":
    unittest.main()
