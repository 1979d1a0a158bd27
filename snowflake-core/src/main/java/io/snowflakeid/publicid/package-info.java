/**
 * Opaque public ids: {@link io.snowflakeid.publicid.PublicIdCodec} turns an id into a fixed-length token (FF1
 * format-preserving encryption from Bouncy Castle, an optional dependency) and back;
 * {@link io.snowflakeid.publicid.PublicId} marks the properties and parameters that carry tokens.
 */
package io.snowflakeid.publicid;
