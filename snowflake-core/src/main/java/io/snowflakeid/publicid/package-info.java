/**
 * Opaque public ids: {@link io.snowflakeid.publicid.PublicIdCodec} turns an id into a fixed-length token (NIST
 * SP 800-38G FF1 format-preserving encryption on the JDK's AES) and back;
 * {@link io.snowflakeid.publicid.PublicId} marks the properties and parameters that carry tokens.
 */
package io.snowflakeid.publicid;
