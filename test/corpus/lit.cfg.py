# The instrumenter corpus: translation units written to cover what real CUDA
# code does with kernel launches (docs/instrument.md). Each is instrumented
# with `headroom instrument ... -- nvcc <flags>`, its sites are checked, and
# the instrumented source is compiled with nvcc 13 for sm_90. The GPU script
# test/gpu/corpus/run.sh runs the programs plain and instrumented.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
import headroom_lit

config.name = "headroom-corpus"
config.suffixes = [".cu", ".cpp"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py.in", "README.md"]
config.test_source_root = os.path.dirname(__file__)

runtime_include = os.path.join(config.headroom_source_dir, "runtime",
                               "include")
# %compile: nvcc for sm_90 with the runtime's header (what headroom nvcc adds).
config.substitutions.append(
    ("%compile", config.nvcc + " -arch=sm_90 -I" + runtime_include))
# %headroom-lib: where libheadroom_rt is in the build tree.
config.substitutions.append(
    ("%headroom-lib", os.path.join(config.headroom_binary_dir, "runtime")))
headroom_lit.configure(config, "corpus")
# Every corpus test instruments with Clang and compiles with nvcc.
if not (config.have_clang and config.have_nvcc):
    config.unsupported = True
