/** Drops NODE_EXTRA_CA_CERTS from the test run's environment (see testEnvironment.mjs). */
export function dropExtraCaBundle(): void;
