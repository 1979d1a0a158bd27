/**
 * What the starter's auto-configurations share across Spring Boot lines and Jackson versions (the bound
 * {@code snowflake.*} properties, health state, JSON parsing): public for the starter's own packages only. Not an
 * API: it may change in any release.
 */
package io.snowflakeid.spring.internal;
