package io.snowflakeid.spring.publicid.baddomain;

import io.snowflakeid.publicid.PublicId;

/** A DTO with an invalid public id domain, in a package of its own: the application package of the domain test. */
public record InvoiceView(@PublicId("in voice") Long id, String name) {
}
