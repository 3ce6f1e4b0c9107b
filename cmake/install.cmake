# cmake --install: headers, the library, an exported CMake package and kvdtype.pc.
include(CMakePackageConfigHelpers)

install(TARGETS kvdtype EXPORT kvdtypeTargets
  ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
  LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(DIRECTORY include/kvdtype DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} PATTERN "*.in" EXCLUDE)
install(FILES ${PROJECT_BINARY_DIR}/include/kvdtype/version.hpp DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/kvdtype)
install(EXPORT kvdtypeTargets NAMESPACE kvdtype:: DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/kvdtype)

configure_package_config_file(cmake/kvdtypeConfig.cmake.in
  ${PROJECT_BINARY_DIR}/kvdtypeConfig.cmake
  INSTALL_DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/kvdtype)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/kvdtypeConfigVersion.cmake
  COMPATIBILITY SameMajorVersion)
install(FILES ${PROJECT_BINARY_DIR}/kvdtypeConfig.cmake ${PROJECT_BINARY_DIR}/kvdtypeConfigVersion.cmake
  DESTINATION ${CMAKE_INSTALL_LIBDIR}/cmake/kvdtype)

# A static libkvdtype needs the C++ runtime at link time (pkg-config --static).
set(KVDTYPE_PC_LIBS_PRIVATE "${KVDTYPE_PC_YAML} -lstdc++ -lm -ldl")
# kvdtype.pc finds its prefix relative to itself (${pcfiledir}), so `cmake --install --prefix X`
# into any X gives a working .pc — the prefix chosen at configure time would be wrong there.
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(KVDTYPE_PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
else()
  file(RELATIVE_PATH _kvdtype_pc_up "/root/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/root")
  string(REGEX REPLACE "/$" "" _kvdtype_pc_up "${_kvdtype_pc_up}")
  set(KVDTYPE_PC_PREFIX "\${pcfiledir}/${_kvdtype_pc_up}")
endif()
configure_file(cmake/kvdtype.pc.in ${PROJECT_BINARY_DIR}/kvdtype.pc @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/kvdtype.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)

if(KVDTYPE_BUILD_TOOLS)
  install(TARGETS kvdtype_cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

# The man page (help2man, at build time) and the bash completion (kvdtype_surface_gen), where
# man and bash-completion look: man1 under the prefix, and bash-completion's completionsdir
# (its pkg-config variable, rebased onto this prefix) or share/bash-completion/completions.
if(KVDTYPE_BUILD_TOOLS)
  if(KVDTYPE_MANPAGE)
    install(FILES ${KVDTYPE_MANPAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
  endif()
  set(KVDTYPE_BASH_COMPLETION_DIR "" CACHE STRING "Where the bash completion is installed (default: from bash-completion.pc)")
  if(NOT KVDTYPE_BASH_COMPLETION_DIR)
    set(KVDTYPE_BASH_COMPLETION_DIR "${CMAKE_INSTALL_DATADIR}/bash-completion/completions")
    find_package(PkgConfig QUIET)
    if(PKG_CONFIG_FOUND)
      pkg_get_variable(_kvdtype_bc_dir bash-completion completionsdir)
      pkg_get_variable(_kvdtype_bc_prefix bash-completion prefix)
      # Relative to the install prefix, so `cmake --install --prefix X` keeps it inside X.
      if(_kvdtype_bc_dir AND _kvdtype_bc_prefix AND _kvdtype_bc_dir MATCHES "^${_kvdtype_bc_prefix}/")
        string(REGEX REPLACE "^${_kvdtype_bc_prefix}/" "" KVDTYPE_BASH_COMPLETION_DIR "${_kvdtype_bc_dir}")
      endif()
    endif()
  endif()
  install(FILES ${KVDTYPE_COMPLETION} DESTINATION ${KVDTYPE_BASH_COMPLETION_DIR})
endif()
