package org.apache.camel.quarkus.examples.orders;

import io.snowflakeid.publicid.PublicId;

/** A response whose id promises a token, in a jar Quarkus does not index. */
public class OrderSummary {

	@PublicId
	public Long id;

	public String label;
}
