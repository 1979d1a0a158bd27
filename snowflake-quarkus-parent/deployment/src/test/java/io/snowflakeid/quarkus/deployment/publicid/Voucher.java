package io.snowflakeid.quarkus.deployment.publicid;

import io.snowflakeid.publicid.PublicId;

/** A JSON-B bean with a public id on its field and one on its getter (a decimal String id). */
public class Voucher {

	@PublicId
	public Long id;

	private String issuerId;

	@PublicId
	public String getIssuerId() {
		return this.issuerId;
	}

	public void setIssuerId(String issuerId) {
		this.issuerId = issuerId;
	}
}
