# yaml-cpp (Debian's libyaml-cpp-dev) for manifests, compose files and engine config files.
# The static archive is linked where it exists (Debian's is position-independent): the CLI links
# libstdc++ statically for start-up time, and a shared libyaml-cpp would pull the shared
# libstdc++ back in. Elsewhere the package's own CMake target is used.
find_library(KVDTYPE_YAML_CPP_ARCHIVE NAMES libyaml-cpp.a)
find_path(KVDTYPE_YAML_CPP_INCLUDE NAMES yaml-cpp/yaml.h)
find_library(KVDTYPE_YAML_CPP_SHARED NAMES libyaml-cpp.so yaml-cpp)
if(KVDTYPE_YAML_CPP_ARCHIVE AND KVDTYPE_YAML_CPP_INCLUDE)
  add_library(kvdtype_yaml INTERFACE)
  target_include_directories(kvdtype_yaml SYSTEM INTERFACE ${KVDTYPE_YAML_CPP_INCLUDE})
  # Debian's archive is not fully position-independent (R_X86_64_PC32 relocations against
  # libstdc++ symbols): a shared object (the Python module, a shared libkvdtype) cannot take it
  # and links the shared library instead; executables take the archive.
  if(KVDTYPE_YAML_CPP_SHARED)
    target_link_libraries(kvdtype_yaml INTERFACE
      "$<IF:$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>,${KVDTYPE_YAML_CPP_ARCHIVE},${KVDTYPE_YAML_CPP_SHARED}>")
  else()
    target_link_libraries(kvdtype_yaml INTERFACE ${KVDTYPE_YAML_CPP_ARCHIVE})
  endif()
  set(KVDTYPE_PC_YAML "${KVDTYPE_YAML_CPP_ARCHIVE}")
else()
  find_package(yaml-cpp REQUIRED)
  add_library(kvdtype_yaml INTERFACE)
  target_link_libraries(kvdtype_yaml INTERFACE yaml-cpp)
  set(KVDTYPE_PC_YAML "-lyaml-cpp")
endif()
install(TARGETS kvdtype_yaml EXPORT kvdtypeTargets)

# libfyaml (Debian's libfyaml-dev) parses the YAML the manifest reader reads (faster than
# yaml-cpp 0.7's parser; the readers still walk yaml-cpp nodes: src/sources/k8s/yaml_nodes.cpp).
# As with yaml-cpp: executables take the static archive, shared objects the shared library.
find_package(PkgConfig REQUIRED)
pkg_check_modules(KVDTYPE_FYAML REQUIRED libfyaml)
find_library(KVDTYPE_FYAML_ARCHIVE NAMES libfyaml.a HINTS ${KVDTYPE_FYAML_LIBRARY_DIRS})
add_library(kvdtype_fyaml INTERFACE)
target_include_directories(kvdtype_fyaml SYSTEM INTERFACE ${KVDTYPE_FYAML_INCLUDE_DIRS})
if(KVDTYPE_FYAML_ARCHIVE)
  target_link_libraries(kvdtype_fyaml INTERFACE
    "$<IF:$<STREQUAL:$<TARGET_PROPERTY:TYPE>,EXECUTABLE>,${KVDTYPE_FYAML_ARCHIVE},${KVDTYPE_FYAML_LINK_LIBRARIES}>")
  set(KVDTYPE_PC_YAML "${KVDTYPE_PC_YAML} ${KVDTYPE_FYAML_ARCHIVE}")
else()
  target_link_libraries(kvdtype_fyaml INTERFACE ${KVDTYPE_FYAML_LINK_LIBRARIES})
  set(KVDTYPE_PC_YAML "${KVDTYPE_PC_YAML} -lfyaml")
endif()
target_link_libraries(kvdtype_yaml INTERFACE kvdtype_fyaml)
install(TARGETS kvdtype_fyaml EXPORT kvdtypeTargets)
