# find_package(Headroom) for users, from an install prefix and from this
# build tree (docs/integration.md): HeadroomConfig.cmake, its version file,
# HeadroomInstrument.cmake (headroom_instrument()) and
# HeadroomProjectInclude.cmake (for CMAKE_PROJECT_TOP_LEVEL_INCLUDES). Included at the end of the
# top-level CMakeLists.txt, once the headroom and headroom_rt targets exist.
include(CMakePackageConfigHelpers)

set(HEADROOM_INSTALL_BINDIR bin)
set(HEADROOM_INSTALL_LIBDIR lib)
set(HEADROOM_INSTALL_INCLUDEDIR include)
set(HEADROOM_INSTALL_CMAKEDIR lib/cmake/Headroom)

configure_package_config_file(
  ${CMAKE_CURRENT_LIST_DIR}/HeadroomConfig.cmake.in
  ${PROJECT_BINARY_DIR}/cmake/install/HeadroomConfig.cmake
  INSTALL_DESTINATION ${HEADROOM_INSTALL_CMAKEDIR}
  PATH_VARS HEADROOM_INSTALL_BINDIR HEADROOM_INSTALL_LIBDIR
            HEADROOM_INSTALL_INCLUDEDIR)
write_basic_package_version_file(
  ${PROJECT_BINARY_DIR}/HeadroomConfigVersion.cmake
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES
  ${PROJECT_BINARY_DIR}/cmake/install/HeadroomConfig.cmake
  ${PROJECT_BINARY_DIR}/HeadroomConfigVersion.cmake
  ${CMAKE_CURRENT_LIST_DIR}/HeadroomInstrument.cmake
  ${CMAKE_CURRENT_LIST_DIR}/HeadroomProjectInclude.cmake
  ${CMAKE_CURRENT_LIST_DIR}/HeadroomFound.cmake
  DESTINATION ${HEADROOM_INSTALL_CMAKEDIR})

# The documentation that help texts and reports point to (docs/*.md), as
# <prefix>/share/doc/headroom/*.md.
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION share/doc/headroom)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION share/doc/headroom
        FILES_MATCHING PATTERN "*.md" PATTERN "*.png" PATTERN "*.svg")

# The build tree: the same names, pointing at what this build makes.
if(TARGET headroom_rt)
  set(HEADROOM_BUILD_TREE_RUNTIME "$<TARGET_LINKER_FILE:headroom_rt>")
  set(HEADROOM_BUILD_TREE_RUNTIME_DIR "$<TARGET_LINKER_FILE_DIR:headroom_rt>")
else()
  set(HEADROOM_BUILD_TREE_RUNTIME "")
  set(HEADROOM_BUILD_TREE_RUNTIME_DIR "")
endif()
configure_file(${CMAKE_CURRENT_LIST_DIR}/HeadroomBuildTreeConfig.cmake.in
               ${PROJECT_BINARY_DIR}/cmake/HeadroomConfig.cmake.configured @ONLY)
file(GENERATE OUTPUT ${PROJECT_BINARY_DIR}/HeadroomConfig.cmake
     INPUT ${PROJECT_BINARY_DIR}/cmake/HeadroomConfig.cmake.configured)
