//===- ProfileJson.h - Synthetic headroom.profile/1 documents ---*- C++ -*-===//
///
/// \file
/// Small profiles as JSON, for the tests of the profile reader and of
/// everything that reads profiles (analysis, checks, views).
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_TEST_UNIT_SCHEMA_PROFILEJSON_H
#define HEADROOM_TEST_UNIT_SCHEMA_PROFILEJSON_H

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <unistd.h>

namespace headroom::test {

/// Per-launch counters of a streaming kernel: 1M threads, one FFMA, two
/// loads and a store each; 12 MB of DRAM traffic.
inline nlohmann::json streamingCounters() {
  return {{"smsp__sass_thread_inst_executed_op_ffma_pred_on.sum", 1048576.0},
          {"smsp__sass_thread_inst_executed_op_dfma_pred_on.sum", 0.0},
          {"smsp__sass_thread_inst_executed_op_memory_pred_on.sum", 3145728.0},
          {"smsp__inst_executed.sum", 393216.0},
          {"smsp__sass_thread_inst_executed_op_fp32_pred_on.sum", 1048576.0},
          {"smsp__sass_thread_inst_executed_op_fp64_pred_on.sum", 0.0},
          {"smsp__sass_thread_inst_executed_op_integer_pred_on.sum", 6291456.0},
          {"dram__sectors_read.sum", 262144.0},
          {"dram__sectors_write.sum", 131072.0},
          {"lts__t_bytes.sum", 12582912.0},
          {"smsp__average_thread_inst_executed_per_inst_executed.ratio", 32.0}};
}

/// A profile with a kernel `stream` launched from two sites (two entries)
/// and a kernel `other` without counters.
inline nlohmann::json twoKernelProfile() {
  using nlohmann::json;
  json Sites = json::array({{{"id", 0},
                             {"file", "app.cu"},
                             {"line", 40},
                             {"column", 3},
                             {"kernel", "stream"},
                             {"kernel_file", "app.cu"},
                             {"kernel_line", 10},
                             {"kernel_column", 17}},
                            {{"id", 1},
                             {"file", "app.cu"},
                             {"line", 44},
                             {"column", 5},
                             {"kernel", "stream"},
                             {"kernel_file", "app.cu"},
                             {"kernel_line", 10},
                             {"kernel_column", 17}},
                            {{"id", 2},
                             {"file", "app.cu"},
                             {"line", 50},
                             {"column", 3},
                             {"kernel", "other"},
                             {"kernel_file", "app.cu"},
                             {"kernel_line", 20},
                             {"kernel_column", 17}}});
  json Kernels = json::array({{{"site", 0},
                               {"name", "_Z6streamPf"},
                               {"device", 0},
                               {"grid", {4096, 1, 1}},
                               {"block", {256, 1, 1}},
                               {"launches", 30},
                               {"total_ns", 3.0e6},
                               {"min_ns", 9.0e4},
                               {"max_ns", 1.1e5},
                               {"counters", streamingCounters()}},
                              {{"site", 1},
                               {"name", "_Z6streamPf"},
                               {"device", 0},
                               {"grid", {4096, 1, 1}},
                               {"block", {256, 1, 1}},
                               {"launches", 10},
                               {"total_ns", 1.0e6},
                               {"min_ns", 9.0e4},
                               {"max_ns", 1.1e5},
                               {"counters", streamingCounters()}},
                              {{"site", 2},
                               {"name", "_Z5otherv"},
                               {"device", 0},
                               {"grid", {1, 1, 1}},
                               {"block", {32, 1, 1}},
                               {"launches", 5},
                               {"total_ns", 5.0e5},
                               {"min_ns", 1.0e5},
                               {"max_ns", 1.0e5}}});
  return {{"schema", "headroom.profile/1"},
          {"devices", json::array({{{"index", 0}, {"name", "Test GPU"}}})},
          {"collection", {{"mode", "counters"}, {"warnings", json::array()}}},
          {"sites", Sites},
          {"kernels", Kernels}};
}

/// Writes \p J to a fresh file under the test's temporary directory.
/// The directory is per process: ctest runs test cases in parallel processes.
inline std::string writeTemp(const std::string &Name, const std::string &Text) {
  auto Dir = std::filesystem::temp_directory_path() /
             ("headroom-report-tests-" + std::to_string(::getpid()));
  std::filesystem::create_directories(Dir);
  auto Path = Dir / Name;
  std::ofstream(Path) << Text;
  return Path.string();
}

} // namespace headroom::test

#endif // HEADROOM_TEST_UNIT_SCHEMA_PROFILEJSON_H
