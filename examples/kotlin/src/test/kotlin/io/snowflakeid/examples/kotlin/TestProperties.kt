package io.snowflakeid.examples.kotlin

// The test context (one for all test classes: the same properties and @Import(JdbcRoundTrips::class)): the example's
// configuration, the tables of the test-only classes, and a public-id key (a test key, never use it elsewhere).

const val TEST_SCHEMA = "spring.sql.init.schema-locations=classpath:schema.sql,classpath:test-schema.sql"

const val TEST_PUBLIC_ID_KEY = "snowflake.public-id.keys.1=/XBBQEGi6zjO32BuMry1n0q/cwV8AV2QRKH5qtsLLxE="
