/**
 * The settings table (key, type, default, check and description of every {@code snowflake.*} setting),
 * {@link io.snowflakeid.internal.config.SnowflakeConfiguration} and its lease and segment records, every setting
 * typed and checked once: what the bindings (Hibernate settings, Spring Boot properties, Quarkus configuration) read
 * the settings through. Public for those modules and documentation tools only. Not an API: it may change in any
 * release.
 */
package io.snowflakeid.internal.config;
