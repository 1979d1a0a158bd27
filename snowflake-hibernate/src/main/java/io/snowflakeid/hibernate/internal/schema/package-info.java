/**
 * The start-up check of the id columns ({@code snowflake.schema-check}), found by Hibernate through the ServiceLoader
 * as an {@code Integrator}: public for the ServiceLoader and the Quarkus extension only. Not an API: it may change in
 * any release. Its log category stays {@code io.snowflakeid.hibernate.SnowflakeSchemaCheck}.
 */
package io.snowflakeid.hibernate.internal.schema;
