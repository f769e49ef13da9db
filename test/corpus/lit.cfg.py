# The instrumenter corpus: translation units written to cover what real CUDA
# code does with kernel launches (docs/instrument.md). Each is instrumented
# with `headroom instrument ... -- nvcc <flags>`, its sites are checked, and
# the instrumented source is compiled with nvcc 13 for sm_90. The GPU script
# test/gpu/corpus/run.sh runs the programs plain and instrumented.
import os
import lit.formats

config.name = "headroom-corpus"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cu", ".cpp"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py",
                   "lit.site.cfg.py.in", "README.md"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.headroom_binary_dir, "test",
                                     "corpus")

config.environment["NO_COLOR"] = "1"
config.environment["HOME"] = os.path.join(config.test_exec_root, "home-empty")
config.environment["XDG_DATA_HOME"] = os.path.join(config.test_exec_root,
                                                   "xdg-empty")

runtime_include = os.path.join(config.headroom_source_dir, "runtime",
                               "include")
# %compile: nvcc for sm_90 with the runtime's header (what headroom nvcc adds).
config.substitutions.append(
    ("%compile", config.nvcc + " -arch=sm_90 -I" + runtime_include))
# %headroom-lib: where libheadroom_rt is in the build tree.
config.substitutions.append(
    ("%headroom-lib", os.path.join(config.headroom_binary_dir, "runtime")))
config.substitutions.append(("%headroom", config.headroom_tool))
config.substitutions.append(("%nvcc", config.nvcc))
config.substitutions.append(("%src", config.headroom_source_dir))
config.substitutions.append(("FileCheck", config.filecheck))

if config.have_clang:
    config.available_features.add("clang")
if config.have_nvcc:
    config.available_features.add("nvcc")
if config.have_cuda:
    config.available_features.add("cuda")
# Every corpus test instruments with Clang and compiles with nvcc.
if not (config.have_clang and config.have_nvcc):
    config.unsupported = True
