package io.snowflakeid.quarkus.deployment.json;

import java.util.List;

import com.fasterxml.jackson.annotation.JsonFormat;
import io.snowflakeid.hibernate.SnowflakeId;

/** A DTO: ids inside a list, and one kept a number on purpose (an existing API whose clients expect numbers). */
public record TicketLinks(@SnowflakeId Long ticketId, @SnowflakeId List<Long> relatedIds,
		@SnowflakeId @JsonFormat(shape = JsonFormat.Shape.NUMBER) Long legacyId) {
}
