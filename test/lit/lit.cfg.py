# lit configuration for Headroom's CLI and instrumenter tests.
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(__file__)))
import headroom_lit

config.name = "headroom"
config.suffixes = [".test", ".cu"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.dirname(__file__)
config.substitutions.append(("%cuda", config.cuda_root))
headroom_lit.configure(config, "lit")
