# yaml-cpp (Debian's libyaml-cpp-dev) for manifests, compose files and engine config files.
# The static archive is linked where it exists (Debian's is position-independent): the CLI links
# libstdc++ statically for start-up time, and a shared libyaml-cpp would pull the shared
# libstdc++ back in. Elsewhere the package's own CMake target is used.
find_library(KVDTYPE_YAML_CPP_ARCHIVE NAMES libyaml-cpp.a)
find_path(KVDTYPE_YAML_CPP_INCLUDE NAMES yaml-cpp/yaml.h)
if(KVDTYPE_YAML_CPP_ARCHIVE AND KVDTYPE_YAML_CPP_INCLUDE)
  add_library(kvdtype_yaml INTERFACE)
  target_include_directories(kvdtype_yaml SYSTEM INTERFACE ${KVDTYPE_YAML_CPP_INCLUDE})
  target_link_libraries(kvdtype_yaml INTERFACE ${KVDTYPE_YAML_CPP_ARCHIVE})
  set(KVDTYPE_PC_YAML "${KVDTYPE_YAML_CPP_ARCHIVE}")
else()
  find_package(yaml-cpp REQUIRED)
  add_library(kvdtype_yaml INTERFACE)
  target_link_libraries(kvdtype_yaml INTERFACE yaml-cpp)
  set(KVDTYPE_PC_YAML "-lyaml-cpp")
endif()
install(TARGETS kvdtype_yaml EXPORT kvdtypeTargets)
