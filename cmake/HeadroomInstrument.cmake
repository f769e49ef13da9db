# headroom_instrument(<target>... [HEADER_FILTER <regex>] [PROFILE <file>]
#                     [DEVICE <name|file>] [MAX_HEADROOM <x>] [NO_DIAGNOSTICS])
#
# Compiles the CUDA sources of each target through `headroom nvcc`
# (docs/integration.md): the kernel launches are instrumented, the build
# prints the kernels' diagnostics when a profile exists, and the target links
# libheadroom_rt (a static or object library passes it on to what links it).
# The programs write their profile into the build tree (PROFILE), where the
# build reads it, and a build step prints a new profile's diagnostics.
# The options become --headroom-* arguments of the wrapper:
#   HEADER_FILTER  also instrument launches in included files whose absolute
#                  path matches this POSIX extended regular expression
#   PROFILE        where the programs write their profile unless
#                  HEADROOM_PROFILE or HEADROOM_PROFILE_DIR says otherwise,
#                  and where the build reads it (default:
#                  <build>/headroom-profile.json)
#   DEVICE         the device to model on (default: the profile's GPU)
#   MAX_HEADROOM   fail the compile of a source with a kernel above it
#   NO_DIAGNOSTICS print no kernel diagnostics
# A launcher the target already has (ccache) stays, after the wrapper.
# Needs CMake 3.19.
#
# Needs Headroom_EXECUTABLE and the Headroom::runtime target, which
# HeadroomConfig.cmake defines.
function(headroom_instrument)
  cmake_parse_arguments(PARSE_ARGV 0 HR "NO_DIAGNOSTICS"
                        "HEADER_FILTER;PROFILE;DEVICE;MAX_HEADROOM" "")
  if(NOT HR_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "headroom_instrument: name at least one target")
  endif()
  if(NOT TARGET Headroom::runtime)
    message(WARNING "headroom_instrument: this Headroom was built without "
                    "its runtime (CUDA 13 with CUPTI); "
                    "${HR_UNPARSED_ARGUMENTS} are built without instrumentation")
    return()
  endif()
  if(DEFINED HR_PROFILE)
    get_filename_component(profile "${HR_PROFILE}" ABSOLUTE)
  else()
    set(profile "${CMAKE_BINARY_DIR}/headroom-profile.json")
  endif()
  set(launcher "${Headroom_EXECUTABLE}" nvcc)
  if(DEFINED HR_HEADER_FILTER)
    list(APPEND launcher "--headroom-header-filter=${HR_HEADER_FILTER}")
  endif()
  list(APPEND launcher "--headroom-build-profile=${profile}")
  if(DEFINED HR_DEVICE)
    list(APPEND launcher "--headroom-device=${HR_DEVICE}")
  endif()
  if(DEFINED HR_MAX_HEADROOM)
    list(APPEND launcher "--headroom-max-headroom=${HR_MAX_HEADROOM}")
  endif()
  if(HR_NO_DIAGNOSTICS)
    list(APPEND launcher "--headroom-no-diagnostics")
  endif()
  foreach(target IN LISTS HR_UNPARSED_ARGUMENTS)
    if(NOT TARGET ${target})
      message(FATAL_ERROR "headroom_instrument: '${target}' is not a target")
    endif()
  endforeach()
  _headroom_build_profile("${profile}" header ${launcher})
  foreach(target IN LISTS HR_UNPARSED_ARGUMENTS)
    get_target_property(existing ${target} CUDA_COMPILER_LAUNCHER)
    if(NOT existing)
      set(existing "")
    endif()
    set_property(TARGET ${target} PROPERTY CUDA_COMPILER_LAUNCHER
                 ${launcher} ${existing})
    target_compile_options(${target} PRIVATE
                           "$<$<COMPILE_LANGUAGE:CUDA>:--pre-include=${header}>")
    # LINK_LIBRARIES directly, so that the target's own choice of plain or
    # keyword target_link_libraries() signatures does not matter.
    set_property(TARGET ${target} APPEND PROPERTY LINK_LIBRARIES
                 Headroom::runtime)
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "STATIC_LIBRARY" OR type STREQUAL "OBJECT_LIBRARY")
      set_property(TARGET ${target} APPEND PROPERTY INTERFACE_LINK_LIBRARIES
                   "$<LINK_ONLY:Headroom::runtime>")
    endif()
  endforeach()
endfunction()

# _headroom_build_profile(<profile> <header-var> <launcher>...)
#
# What a build needs so that its programs and its diagnostics agree on
# <profile> (docs/integration.md):
#  - a header, named in <header-var>, that the CUDA sources are compiled
#    with (--pre-include): its static constructor hands <profile> to the
#    runtime (headroom_set_default_profile, headroom/runtime.h), so that a
#    program writes its profile there from wherever it runs;
#  - unless <launcher> has --headroom-no-diagnostics, the step
#    `headroom-diagnostics`, part of the default build: `headroom nvcc
#    --headroom-diagnostics-step`, which prints the diagnostics of a new
#    profile. It depends on the profile's directory, whose modification time
#    changes when the runtime renames a profile into it, and runs after the
#    build's targets (those that write there too), so that a build with no
#    new profile has nothing to do.
# One header and one step per profile, whatever calls for it.
function(_headroom_build_profile profile header_var)
  string(MD5 key "${profile}")
  string(SUBSTRING "${key}" 0 12 key)
  set(header "${CMAKE_BINARY_DIR}/CMakeFiles/headroom/profile-${key}.h")
  set(${header_var} "${header}" PARENT_SCOPE)
  get_property(done GLOBAL PROPERTY _HEADROOM_PROFILE_${key})
  if(done)
    return()
  endif()
  set_property(GLOBAL PROPERTY _HEADROOM_PROFILE_${key} TRUE)

  string(REPLACE "\\" "\\\\" literal "${profile}")
  string(REPLACE "\"" "\\\"" literal "${literal}")
  file(CONFIGURE OUTPUT "${header}" @ONLY CONTENT
"/* Written by HeadroomInstrument.cmake and compiled into every CUDA source
 * it instruments: the program writes its profile where its build reads it,
 * unless HEADROOM_PROFILE or HEADROOM_PROFILE_DIR says otherwise. */
#ifndef HEADROOM_PROFILE_@key@
#define HEADROOM_PROFILE_@key@
#ifdef __cplusplus
extern \"C\"
#endif
void headroom_set_default_profile(const char *path);
__attribute__((constructor)) static void headroom_profile_@key@(void) {
  headroom_set_default_profile(\"@literal@\");
}
#endif
")

  if("--headroom-no-diagnostics" IN_LIST ARGN)
    return()
  endif()
  get_filename_component(directory "${profile}" DIRECTORY)
  file(MAKE_DIRECTORY "${directory}")
  set(step headroom-diagnostics)
  if(TARGET ${step})
    set(step headroom-diagnostics-${key})
  endif()
  set(stamp "${CMAKE_BINARY_DIR}/CMakeFiles/headroom/diagnostics-${key}.stamp")
  file(RELATIVE_PATH shown "${CMAKE_BINARY_DIR}" "${profile}")
  add_custom_command(OUTPUT "${stamp}"
    COMMAND ${ARGN} "--headroom-diagnostics-step=${stamp}"
    DEPENDS "${directory}"
    WORKING_DIRECTORY "${CMAKE_BINARY_DIR}"
    COMMENT "Headroom: kernel diagnostics of ${shown}"
    VERBATIM)
  add_custom_target(${step} ALL DEPENDS "${stamp}")
  get_property(steps GLOBAL PROPERTY _HEADROOM_STEPS)
  if(NOT steps)
    cmake_language(DEFER DIRECTORY "${CMAKE_SOURCE_DIR}"
                   CALL _headroom_steps_after_targets)
  endif()
  set_property(GLOBAL APPEND PROPERTY _HEADROOM_STEPS ${step})
endfunction()

# Deferred to the end of the top-level CMakeLists.txt: every diagnostics
# step runs after the build's targets that are part of the default build.
function(_headroom_steps_after_targets)
  get_property(steps GLOBAL PROPERTY _HEADROOM_STEPS)
  set(directories "${CMAKE_SOURCE_DIR}")
  set(targets "")
  while(directories)
    list(POP_FRONT directories directory)
    get_property(sub DIRECTORY "${directory}" PROPERTY SUBDIRECTORIES)
    list(APPEND directories ${sub})
    get_property(here DIRECTORY "${directory}" PROPERTY BUILDSYSTEM_TARGETS)
    foreach(target IN LISTS here)
      get_target_property(type ${target} TYPE)
      get_target_property(excluded ${target} EXCLUDE_FROM_ALL)
      if(type MATCHES "^(EXECUTABLE|(STATIC|SHARED|MODULE|OBJECT)_LIBRARY)$"
         AND NOT excluded)
        list(APPEND targets ${target})
      endif()
    endforeach()
  endwhile()
  if(targets)
    foreach(step IN LISTS steps)
      add_dependencies(${step} ${targets})
    endforeach()
  endif()
endfunction()
