# lit configuration for Headroom's CLI and instrumenter tests.
import os
import lit.formats

config.name = "headroom"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".test", ".cu"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.headroom_binary_dir, "test", "lit")

config.environment["NO_COLOR"] = "1"
# A user's own device directory must not leak into tests.
config.environment["XDG_DATA_HOME"] = os.path.join(config.test_exec_root, "xdg-empty")
config.environment["HOME"] = os.path.join(config.test_exec_root, "home-empty")

config.substitutions.append(("%headroom", config.headroom_tool))
config.substitutions.append(("%src", config.headroom_source_dir))
config.substitutions.append(("%nvcc", config.nvcc))
config.substitutions.append(("%cuda", config.cuda_root))
config.substitutions.append(("FileCheck", config.filecheck))

if config.have_clang:
    config.available_features.add("clang")
if config.have_cuda:
    config.available_features.add("cuda")
if config.have_nvcc:
    config.available_features.add("nvcc")
    # 'headroom nvcc' runs the nvcc the suite was configured with, not the
    # first one on PATH: another nvcc (a wrapper script, a second toolkit)
    # names its headers by another path and changes -E output.
    config.environment["HEADROOM_NVCC"] = config.nvcc
