package io.snowflakeid.it;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.hibernate.SegmentId;
import io.snowflakeid.hibernate.SnowflakeId;
import io.swagger.v3.oas.annotations.media.Schema;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A DTO with every kind of id property, for the OpenAPI tests: what springdoc documents must be what Jackson writes
 * (compared on the same response).
 */
@RestController
class ShipmentController {

	static final long ACCOUNT_NUMBER = 100_042L;

	/** A provider: some tests of this application run without the generator bean. */
	private final ObjectProvider<SnowflakeIdGenerator> generator;

	ShipmentController(ObjectProvider<SnowflakeIdGenerator> generator) {
		this.generator = generator;
	}

	@GetMapping("/shipments/sample")
	public ShipmentView sample() {
		SnowflakeIdGenerator ids = this.generator.getObject();
		return new ShipmentView(ids.nextId(), ids.nextId(), ids.nextId(), 3L, ACCOUNT_NUMBER, ids.nextIdAsString());
	}

	/**
	 * @param id a snowflake id (a JSON string)
	 * @param trackingNumber a primitive snowflake id (a JSON string)
	 * @param parcelId a snowflake id with its own description (a JSON string that keeps the description)
	 * @param quantity a plain Long (a JSON number)
	 * @param accountNumber a segment id, short and dense (a JSON number)
	 * @param code a String snowflake id (a JSON string already)
	 */
	record ShipmentView(@SnowflakeId Long id, @SnowflakeId long trackingNumber,
			@SnowflakeId @Schema(description = "The parcel's id") Long parcelId, Long quantity,
			@SegmentId Long accountNumber, @SnowflakeId String code) {
	}
}
