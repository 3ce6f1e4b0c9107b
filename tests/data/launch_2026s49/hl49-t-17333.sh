        # Run from the in-place installation created by build_wheel.py.
        export PATH=\"${REPO}/.venv-3.12/bin:\$PATH\"

        exec ${REPO}/tensorrt_llm/llmapi/trtllm-llmapi-launch \
            trtllm-serve ${MODEL} \
                --host 0.0.0.0 --port 8000 \
                --config ${EXTRA_LLM_API_FILE}
