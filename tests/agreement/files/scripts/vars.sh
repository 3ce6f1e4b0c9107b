#!/bin/sh
KV=${KV:-fp8}
exec vllm serve meta-llama/Llama-3.1-8B-Instruct --kv-cache-dtype "$KV"
